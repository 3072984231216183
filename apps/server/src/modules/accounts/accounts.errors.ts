import { ACCOUNTS } from "@fonika/shared";
import { AppError } from "../../lib/app-error.ts";

/** The errors of account and profile calls, with their Russian texts in one place. */
export const accountErrors = {
  profileFilled: () =>
    new AppError("conflict", 409, "Профиль уже заполнен", "The profile is already filled in"),
  profileNotFilled: () =>
    new AppError(
      "conflict",
      409,
      "Сначала заполните профиль",
      "The profile is created by /personal-info/create first",
    ),
  selfDemotion: () =>
    new AppError(
      "conflict",
      409,
      "Нельзя снять роль администратора с самого себя",
      "An admin cannot change their own role",
    ),
  selfBlock: () =>
    new AppError(
      "conflict",
      409,
      "Нельзя заблокировать самого себя",
      "A user cannot block their own account",
    ),
  selfDeletionOfAdmin: () =>
    new AppError(
      "conflict",
      409,
      "Администратор не может удалить свой аккаунт",
      "An admin cannot delete their own account",
    ),
  blockedCannotBeDeleted: () =>
    new AppError(
      "conflict",
      409,
      "Заблокированного пользователя нельзя удалить",
      "A blocked account cannot be deleted",
    ),
  addressTaken: (channel: "email" | "phone") =>
    new AppError(
      "duplicate-entry-error",
      409,
      channel === "email"
        ? "Пользователь с таким e-mail уже существует"
        : "Пользователь с таким номером телефона уже существует",
      "Another account signs in with this address",
    ),
  avatarUnsupported: () =>
    new AppError(
      "unsupported-file",
      415,
      "Аватар должен быть изображением JPEG, PNG или WebP",
      "The avatar is not a JPEG, PNG or WebP image that can be decoded",
    ),
  avatarTooLargeReason: () => `Изображение больше ${ACCOUNTS.maxAvatarMb} МБ`,
  avatarNotFound: () => new AppError("not-found", 404, "Аватар не загружен", "No avatar"),
  accountGone: () => new AppError("conflict", 409, "Аккаунт удален", "The account is deleted"),
};
