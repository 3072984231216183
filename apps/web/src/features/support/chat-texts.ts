import type { SupportPerson } from "@fonika/shared";
import { formatDateTime } from "../../lib/format.ts";
import type { ChatMark } from "./chat-thread.ts";

/** The chat's and the support notices' Russian texts (issue 15). */
export const CHAT_TEXTS = {
  clientTitle: "Чат с поддержкой",
  clientDescription: "Напишите, если музыка не играет или есть вопрос: поддержка ответит здесь.",
  staffDescription: "Переписка с клиентами в реальном времени.",
  conversations: "Диалоги",
  messages: "Сообщения",
  noConversations: "Диалогов пока нет",
  noConversationsText: "Здесь появятся переписки, как только клиент напишет в поддержку.",
  chooseConversation: "Выберите диалог слева",
  noMessages: "Сообщений пока нет",
  noMessagesClient: "Напишите первое сообщение — специалист поддержки ответит здесь.",
  loadFailed: "Не удалось загрузить сообщения",
  reload: "Загрузить снова",
  older: "Показать ранние сообщения",
  newMessages: "Новые сообщения ↓",
  back: "К диалогам",
  messageLabel: "Сообщение",
  placeholder: "Напишите сообщение…",
  send: "Отправить",
  retry: "Повторить",
  support: "Поддержка",
  you: "Вы",
  unknownClient: "Клиент",
  noMessagesYet: "Нет сообщений",
  newChatMessage: "Новое сообщение в чате",
  open: "Открыть",
  marks: {
    sending: "отправляется",
    failed: "не отправлено",
    delivered: "доставлено",
    read: "прочитано",
  } satisfies Record<ChatMark, string>,
  unreadPrefix: "Непрочитанных: ",
  chatBadgeLabel: (count: number) => `Непрочитанных сообщений в чате: ${count}`,
  enquiriesBadgeLabel: (count: number) => `Непрочитанных ответов в обращениях: ${count}`,
  newEnquiryReply: (number: number) => `Новый ответ в обращении №${number}`,
  tooLong: (max: number) => `Не больше ${max} символов`,
} as const;

/** Who types, as the viewer reads it: a client sees "Поддержка", staff see the person's name. */
export function typingText(typist: SupportPerson, viewerSide: "client" | "staff"): string {
  const who = viewerSide === "client" && typist.side === "staff" ? CHAT_TEXTS.support : typist.name;
  return `${who} печатает…`;
}

/** A message's time: HH:mm today, with the date before today. */
export function formatChatTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  if (date.toDateString() !== now.toDateString()) return formatDateTime(iso);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
