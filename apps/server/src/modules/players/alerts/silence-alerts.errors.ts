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
}

/** The owner's mail when a player has stayed silent against its schedule. */
export function silenceMail(facts: SilenceMailFacts): { subject: string; text: string } {
  return {
    subject: `Плеер «${facts.playerName}» молчит`,
    text:
      `Плеер «${facts.playerName}» в заведении «${facts.establishmentName}» молчит с ${facts.since} ` +
      "(по времени заведения), хотя по расписанию сейчас должна играть музыка.\n\n" +
      "Проверьте, что устройство включено, подключено к интернету и плеер запущен. " +
      "Уведомление снимется само, как только музыка заиграет снова.",
  };
}
