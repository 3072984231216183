import { AUTHOR_ATTACHMENTS, type CatalogKind } from "@fonika/shared";
import { AppError } from "../../../lib/app-error.ts";

/** The Russian texts of the catalog module's failures, in one place. */

const NOT_FOUND: Record<CatalogKind, string> = {
  author: "Автор не найден",
  "copyright-holder": "Правообладатель не найден",
  genre: "Жанр не найден",
};

const DUPLICATE: Record<CatalogKind, string> = {
  author: "Автор с таким именем уже существует",
  "copyright-holder": "Правообладатель с таким названием уже существует",
  genre: "Жанр с таким названием уже существует",
};

const formats = AUTHOR_ATTACHMENTS.formats.join(", ");

export const catalogErrors = {
  entryNotFound: (kind: CatalogKind) =>
    new AppError("not-found", 404, NOT_FOUND[kind], `No such ${kind}`),
  duplicateName: (kind: CatalogKind) =>
    new AppError(
      "duplicate-entry-error",
      400,
      DUPLICATE[kind],
      `A ${kind} of this name (in any letter case) exists`,
    ),
  attachmentNotFound: () =>
    new AppError("not-found", 404, "Документ не найден", "No such attachment of this author"),
  attachmentTooLarge: () => `Файл больше ${AUTHOR_ATTACHMENTS.maxMb} МБ`,
  unsupportedAttachment: () =>
    new AppError(
      "unsupported-file",
      415,
      `Этот файл не документ поддерживаемого формата. Загрузите ${formats}`,
      `The content is none of ${formats}`,
    ),
  emptyAttachment: () => new AppError("unreadable-file", 400, "Файл пуст", "The file is empty"),
  licenceNotFound: () =>
    new AppError("not-found", 404, "Лицензия не найдена", "No such licence of this holder"),
  licencePeriodReversed: () =>
    new AppError(
      "validation-error",
      400,
      "Конец срока лицензии раньше начала",
      "The licence would end before it begins",
    ),
};
