import { AppError } from "../../../lib/app-error.ts";

/** The Russian texts of players' silence alerts: the errors of their call and the owner's mail. */
export const silenceAlertErrors = {
  /** Staff read a client's alerts: which client is not said. */
  clientNotNamed: () =>
    new AppError(
      "validation-error",
      400,
      "Укажите клиента (userId), чьи уведомления показать",
      "Staff must name the client (userId)",
    ),
};

/** What the mail of a raised silence alert names. */
export interface SilenceMailFacts {
  playerName: string;
  establishmentName: string;
  /** Since when, already written in the establishment's time zone. */
  since: string;
  /** The player was not in touch: it may be playing from its memory, or be off. */
  outOfTouch: boolean;
}

/**
 * The owner's mail when a player has stayed silent against its schedule,
 * or out of touch while its schedule asks for music: then the server does
 * not know whether it plays (a box and a web player play up to 7 days from
 * their memory) and says what it knows.
 */
export function silenceMail(facts: SilenceMailFacts): { subject: string; text: string } {
  if (facts.outOfTouch) {
    return {
      subject: `Плеер «${facts.playerName}» не на связи`,
      text:
        `Плеер «${facts.playerName}» в заведении «${facts.establishmentName}» не выходит на связь с Фоникой ` +
        `с ${facts.since} (по времени заведения), а по расписанию сейчас должна играть музыка.\n\n` +
        "Если устройство включено, плеер играет расписание из своей памяти до 7 дней, а отчёт " +
        "о проигранном пришлёт, когда связь вернётся. Проверьте, что устройство включено и " +
        "подключено к интернету. Уведомление снимется само, как только плеер выйдет на связь и заиграет.",
    };
  }
  return {
    subject: `Плеер «${facts.playerName}» молчит`,
    text:
      `Плеер «${facts.playerName}» в заведении «${facts.establishmentName}» молчит с ${facts.since} ` +
      "(по времени заведения), хотя по расписанию сейчас должна играть музыка.\n\n" +
      "Проверьте, что устройство включено, подключено к интернету и плеер запущен. " +
      "Уведомление снимется само, как только музыка заиграет снова.",
  };
}
