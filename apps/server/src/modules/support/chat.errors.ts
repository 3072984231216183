import { AppError } from "../../lib/app-error.ts";

/** The errors of the support chat, with their Russian texts in one place. */
export const chatErrors = {
  /** A client's id that is not the caller's own, or not a client's at all: nobody learns which exist. */
  conversationNotFound: () =>
    new AppError("not-found", 404, "Переписка не найдена", "Chat conversation not found"),
  notInChat: () =>
    new AppError(
      "forbidden",
      403,
      "Чат с поддержкой доступен клиентам, поддержке и администраторам",
      "Only a client, support or an admin may use the chat",
    ),
};

/** Texts of the chat on the socket. */
export const CHAT_SOCKET_TEXTS = {
  typingForbidden: "Нет доступа к этой переписке",
} as const;

/** The name shown for a staff member whose account is gone. */
export const CHAT_TEXTS = {
  formerStaff: "Поддержка",
} as const;
