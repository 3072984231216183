import { LEAD, type LeadForm as LeadFormBody } from "@fonika/shared";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { completedPhone, PhoneInput } from "../../../components/ui/email-or-phone-input.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { textInputError } from "../../../components/ui/text-input-rules.ts";
import { paths } from "../../../config/paths.ts";
import { CLIENT_ERRORS, errorText, REQUIRED_FIELD } from "../../../lib/error-messages.ts";
import { useSendLead } from "../api/send-lead.ts";
import "./lead-form.css";
import "../leads.css";

export const LEAD_SENT_TEXT = "Заявка отправлена";

/** The shared limits, so the form refuses exactly what the server refuses. */
const NAME_RULES = {
  rules: true,
  min: LEAD.nameMin,
  max: LEAD.nameMax,
  requiredMessage: REQUIRED_FIELD.contactName,
} as const;
const COMPANY_RULES = {
  rules: true,
  min: LEAD.companyMin,
  max: LEAD.companyMax,
  requiredMessage: REQUIRED_FIELD.company,
} as const;

/**
 * The honeypot of the lead contract: a field people never see, so a form
 * with it filled came from a bot (the server then drops it quietly).
 */
const HONEYPOT_FIELD = "website" satisfies keyof LeadFormBody;

/** The landing page's request form: name, phone, company (SPEC.md §1, §3). */
export function LeadForm() {
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [company, setCompany] = useState("");
  const [honeypot, setHoneypot] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const sendLead = useSendLead();

  // The server trims before it counts, so the form counts the trimmed text too.
  const nameError = textInputError(name.trim(), NAME_RULES);
  const companyError = textInputError(company.trim(), COMPANY_RULES);
  const normalizedPhone = completedPhone(phone);
  const phoneError = normalizedPhone
    ? null
    : phone.trim()
      ? CLIENT_ERRORS.invalidPhone
      : REQUIRED_FIELD.phone;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (nameError || companyError || !normalizedPhone) return;
    sendLead.mutate({
      name: name.trim(),
      phone: normalizedPhone,
      company: company.trim(),
      [HONEYPOT_FIELD]: honeypot,
    });
  };

  if (sendLead.isSuccess) {
    return (
      <div className="lead-form lead-form--sent" role="status">
        <span className="lead-form__check">
          <Icon name="check" size={28} />
        </span>
        <p className="lead-form__sent-title">{LEAD_SENT_TEXT}</p>
        <p>Менеджер Фоники позвонит вам в рабочее время, чтобы подобрать тариф и плееры.</p>
        <Button
          variant="secondary"
          onClick={() => {
            sendLead.reset();
            setSubmitted(false);
            setName("");
            setCompany("");
            setPhone("");
            setHoneypot("");
          }}
        >
          Отправить ещё одну заявку
        </Button>
      </div>
    );
  }

  return (
    <form
      className="lead-form"
      onSubmit={handleSubmit}
      noValidate
      aria-label="Заявка на подключение"
    >
      <TextInput
        label="Имя"
        value={name}
        onChange={setName}
        autoComplete="name"
        error={submitted ? nameError : null}
        {...NAME_RULES}
      />
      <PhoneInput
        label="Телефон"
        value={phone}
        onChange={setPhone}
        autoComplete="tel"
        placeholder="+7 (___) ___-__-__"
        error={submitted ? phoneError : null}
      />
      <TextInput
        label="Компания"
        value={company}
        onChange={setCompany}
        autoComplete="organization"
        error={submitted ? companyError : null}
        {...COMPANY_RULES}
      />
      {/* Off-screen rather than display:none, which some bots skip filling. */}
      <div className="lead-form__honeypot" aria-hidden="true">
        <label>
          Сайт
          <input
            type="text"
            name={HONEYPOT_FIELD}
            value={honeypot}
            onChange={(event) => setHoneypot(event.target.value)}
            tabIndex={-1}
            autoComplete="off"
          />
        </label>
      </div>
      {sendLead.isError && (
        <p className="form__error" role="alert">
          {errorText(sendLead.error)}
        </p>
      )}
      <Button type="submit" size="lg" busy={sendLead.isPending}>
        Отправить заявку
      </Button>
      <p className="lead-form__note">
        Нажимая кнопку, вы соглашаетесь на обработку персональных данных в соответствии с{" "}
        <Link to={paths.ppd}>согласием</Link> и{" "}
        <Link to={paths.policy}>политикой конфиденциальности</Link>.
      </p>
    </form>
  );
}
