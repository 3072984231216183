import {
  ENQUIRY_STATE_LABELS,
  ENQUIRY_TOPIC_LABELS,
  type EnquiryState,
  SUPPORT,
  type SupportPlayerCommand,
} from "@fonika/shared";
import { AppError } from "../../lib/app-error.ts";

/** The errors of support's enquiry calls, with their Russian texts in one place. */
export const supportErrors = {
  /** Also what a client hears of another's enquiry: nobody learns it exists. */
  enquiryNotFound: () =>
    new AppError("not-found", 404, "Обращение не найдено", "Enquiry not found"),
  attachmentNotFound: () =>
    new AppError("not-found", 404, "Файл не найден", "Attachment not found"),
  clientRequired: () =>
    new AppError(
      "validation-error",
      400,
      "Укажите клиента, от имени которого создаётся обращение",
      "clientId: an admin names the client",
    ),
  foreignClient: () =>
    new AppError(
      "forbidden",
      403,
      "Клиент может создать обращение только от своего имени",
      "clientId: a client writes for themselves only",
    ),
  notActiveClient: () =>
    new AppError(
      "validation-error",
      400,
      "Такого действующего клиента нет",
      "clientId: not an active client",
    ),
  establishmentNotFound: () =>
    new AppError(
      "validation-error",
      400,
      "У клиента нет такого заведения",
      "establishmentId: not the client's",
    ),
  playerNotFound: () =>
    new AppError(
      "validation-error",
      400,
      "У клиента нет такого плеера",
      "playerId: not the client's",
    ),
  playerElsewhere: () =>
    new AppError(
      "validation-error",
      400,
      "Этот плеер стоит в другом заведении",
      "playerId: not in that establishment",
    ),
  attachmentsNotYours: () =>
    new AppError(
      "validation-error",
      400,
      "Файл не найден или уже прикреплён к другому сообщению. Загрузите его снова",
      "attachmentIds: not the caller's unused uploads",
    ),
  illegalMove: (from: EnquiryState, to: EnquiryState) =>
    new AppError(
      "conflict",
      409,
      `Обращение нельзя перевести из состояния «${ENQUIRY_STATE_LABELS[from]}» в «${ENQUIRY_STATE_LABELS[to]}»`,
      `Enquiry cannot move from ${from} to ${to}`,
    ),
  closed: () =>
    new AppError(
      "conflict",
      409,
      "Обращение закрыто: создайте новое",
      "A closed enquiry takes no replies",
    ),
  assigneeNotStaff: () =>
    new AppError(
      "validation-error",
      400,
      "Назначить можно только сотрудника поддержки или администратора",
      "assigneeId: not an active support member or admin",
    ),
  tooManyMessages: (retryAfterSeconds: number) =>
    new AppError(
      "rate-limited",
      429,
      `Слишком много сообщений: не больше ${SUPPORT.messagesPerMinute} в минуту. Подождите немного`,
      "Too many support messages",
      retryAfterSeconds,
    ),
  emptyFile: () => new AppError("validation-error", 400, "Файл пустой", "The file is empty"),
  fileTooLarge: `Файл больше ${SUPPORT.attachmentMaxBytes / 1024 / 1024} МБ`,
  unsupportedFile: () =>
    new AppError(
      "unsupported-file",
      415,
      "Можно прикрепить картинку (PNG, JPEG, WebP), PDF или текстовый лог",
      "Only PNG, JPEG, WebP, PDF or UTF-8 text",
    ),
};

/** What a thread says of what happened, by whom ("Поддержка (Иванов Иван)"). */
export const SUPPORT_TEXTS = {
  /** The subject of an enquiry whose text starts with an empty line. */
  noSubject: "Без темы",
  /** What is left of an erased client's texts (152-FZ). */
  erased: "Текст удалён вместе с учётной записью клиента",
  who: (side: "client" | "staff", name: string) =>
    side === "client" ? `Клиент (${name})` : `Поддержка (${name})`,
  moved: (who: string, to: EnquiryState) =>
    `${who} перевёл(а) обращение в состояние «${ENQUIRY_STATE_LABELS[to]}»`,
  assigned: (who: string, assignee: string | null) =>
    assignee ? `${who} назначил(а) ответственным: ${assignee}` : `${who} снял(а) ответственного`,
  playerCommand: (who: string, command: SupportPlayerCommand, playerName: string) =>
    ({
      play: `${who} запустил(а) плеер «${playerName}»`,
      pause: `${who} поставил(а) плеер «${playerName}» на паузу`,
      next: `${who} переключил(а) плеер «${playerName}» на следующий трек`,
    })[command],
  alertOpened: (playerName: string, establishmentName: string, outOfTouch: boolean) =>
    outOfTouch
      ? `Плеер «${playerName}» в заведении «${establishmentName}» не на связи, а по расписанию должна играть музыка (играет ли он из памяти, неизвестно). Обращение открыто автоматически`
      : `Плеер «${playerName}» в заведении «${establishmentName}» молчит, хотя по расписанию должна играть музыка. Обращение открыто автоматически`,
  alertAgain: (playerName: string, outOfTouch: boolean) =>
    outOfTouch
      ? `Плеер «${playerName}» снова не на связи, а по расписанию должна играть музыка`
      : `Плеер «${playerName}» снова молчит, хотя по расписанию должна играть музыка`,
  alertSubject: (playerName: string) => `${ENQUIRY_TOPIC_LABELS["player-silent"]}: «${playerName}»`,
} as const;

/** The client's mail when support answers. */
export function replyMail(facts: { number: number; text: string; link: string }) {
  return {
    subject: `Ответ поддержки по обращению №${facts.number}`,
    text:
      `Поддержка Фоники ответила на ваше обращение №${facts.number}:\n\n${facts.text}\n\n` +
      `Открыть обращение: ${facts.link}`,
  };
}
