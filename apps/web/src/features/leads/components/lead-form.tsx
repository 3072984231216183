import { normalizePhone } from "@fonika/shared";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { PHONE_MASK } from "../../../components/ui/mask-tokens.ts";
import { MaskedInput } from "../../../components/ui/masked-input.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { textInputError } from "../../../components/ui/text-input-rules.ts";
import { paths } from "../../../config/paths.ts";
import { CLIENT_ERRORS, errorText } from "../../../lib/error-messages.ts";
import { useSendLead } from "../api/send-lead.ts";

export const LEAD_SENT_TEXT = "Заявка отправлена";

const NAME_RULES = { rules: true, min: 2 } as const;

/** The landing page's request form: name, phone, company (SPEC.md §1, §3). */
export function LeadForm() {
  const [name, setName] = useState("");
  const [phone, setPhone] = useState({ masked: "", completed: false });
  const [company, setCompany] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const sendLead = useSendLead();

  const phoneError = phone.completed ? null : CLIENT_ERRORS.invalidPhone;
  const invalid =
    Boolean(textInputError(name, NAME_RULES)) ||
    Boolean(textInputError(company, NAME_RULES)) ||
    Boolean(phoneError);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (invalid) return;
    sendLead.mutate({
      name: name.trim(),
      phone: normalizePhone(phone.masked) ?? phone.masked,
      company: company.trim(),
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
            setPhone({ masked: "", completed: false });
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
        showError={submitted}
        {...NAME_RULES}
      />
      <MaskedInput
        label="Телефон"
        mask={PHONE_MASK}
        value={phone.masked}
        onChange={({ masked, completed }) => setPhone({ masked, completed })}
        inputMode="tel"
        autoComplete="tel"
        placeholder="+7 (___) ___-__-__"
        error={submitted ? phoneError : null}
      />
      <TextInput
        label="Компания"
        value={company}
        onChange={setCompany}
        autoComplete="organization"
        showError={submitted}
        {...NAME_RULES}
      />
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
