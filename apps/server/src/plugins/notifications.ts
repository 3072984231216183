import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * How one-time codes reach people (CONTRACT.md): e-mail through SMTP_URL,
 * SMS through SMS_GATEWAY_URL; without them the code is written to the log
 * so that a newcomer can still sign in. The code is the only 6-digit number
 * in both the message and the log line.
 */
export interface Notifier {
  sendEmailCode(email: string, code: string): Promise<void>;
  sendSmsCode(phone: string, code: string): Promise<void>;
  /** A plain-text notice by e-mail (a silence alert); without SMTP_URL it is written to the log. */
  sendMail(message: { to: string; subject: string; text: string }): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    notifier: Notifier;
  }
}

export default fp(
  async function notificationsPlugin(app: FastifyInstance) {
    const { smtpUrl, smsGatewayUrl, mailFrom } = app.config;
    // The mail library is loaded only where mail is sent (issue 16, memory).
    const transport = smtpUrl
      ? (await import("nodemailer")).default.createTransport(smtpUrl)
      : undefined;
    if (transport) app.addHook("onClose", async () => transport.close());
    // Said once at start, so that an operator who forgot a setting learns
    // why no one receives codes before the first user complains.
    if (!transport) {
      app.log.warn(
        { channel: "email" },
        "SMTP_URL is not set: e-mail sign-in codes are written to this log, not sent",
      );
    }
    if (!smsGatewayUrl) {
      app.log.warn(
        { channel: "sms" },
        "SMS_GATEWAY_URL is not set: SMS sign-in codes are written to this log, not sent",
      );
    }

    const notifier: Notifier = {
      async sendEmailCode(email, code) {
        if (!transport) {
          app.log.info({ channel: "email", to: email }, `Sign-in code: ${code}`);
          return;
        }
        await transport.sendMail({
          from: mailFrom,
          to: email,
          subject: "Код для входа в Фонику",
          text: `Ваш код для входа в Фонику: ${code}\n\nКод действует 10 минут. Если вы не запрашивали его, просто проигнорируйте это письмо.`,
          html: `<p>Ваш код для входа в Фонику:</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p>Код действует 10 минут. Если вы не запрашивали его, просто проигнорируйте это письмо.</p>`,
        });
        app.log.info({ channel: "email", to: email }, "sign-in code sent by e-mail");
      },
      async sendMail({ to, subject, text }) {
        if (!transport) {
          app.log.info({ channel: "email", to, subject, text }, "mail not sent (no SMTP_URL)");
          return;
        }
        await transport.sendMail({ from: mailFrom, to, subject, text });
        app.log.info({ channel: "email", to, subject }, "mail sent");
      },
      async sendSmsCode(phone, code) {
        if (!smsGatewayUrl) {
          app.log.info({ channel: "sms", to: `+${phone}` }, `Sign-in code: ${code}`);
          return;
        }
        const response = await fetch(smsGatewayUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ phone, text: `Код для входа в Фонику: ${code}` }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
        app.log.info({ channel: "sms" }, "sign-in code sent by SMS");
      },
    };
    app.decorate("notifier", notifier);
  },
  { name: "notifications" },
);
