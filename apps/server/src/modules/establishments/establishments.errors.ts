import { ESTABLISHMENTS, MESSAGES } from "@fonika/shared";
import { AppError } from "../../lib/app-error.ts";

/** The errors of establishment calls, with their Russian texts in one place. */
export const establishmentErrors = {
  notFound: () => new AppError("not-found", 404, "Заведение не найдено", "Establishment not found"),
  clientNotFound: () =>
    new AppError("not-found", 404, MESSAGES.clientNotFound, "No client account with this id"),
  layoutNotFound: () =>
    new AppError("not-found", 404, "План заведения не загружен", "No layout file"),
  layoutUnsupported: () =>
    new AppError(
      "unsupported-file",
      415,
      "План заведения должен быть изображением (JPEG, PNG, WebP) или PDF",
      "The layout file is not an image or a PDF",
    ),
  layoutTooLargeReason: () => `Файл больше ${ESTABLISHMENTS.maxLayoutMb} МБ`,
};
