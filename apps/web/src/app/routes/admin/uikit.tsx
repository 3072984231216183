import { useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { EmailOrPhoneInput } from "../../../components/ui/email-or-phone-input.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { MaskedInput } from "../../../components/ui/masked-input.tsx";
import { Page, Section } from "../../../components/ui/page.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { ROUTES } from "../../../config/routes.ts";

/** Admin: the input components and their SPEC.md §5 rules, to try by hand. */
export default function UiKitScreen() {
  const [text, setText] = useState("");
  const [password, setPassword] = useState("");
  const [time, setTime] = useState("");
  const [number, setNumber] = useState("");
  const [card, setCard] = useState("");
  const [contact, setContact] = useState("");
  const [plate, setPlate] = useState("");
  const [code, setCode] = useState("");
  const [checked, setChecked] = useState(true);
  return (
    <Page
      title={ROUTES.UiKit.title}
      description="Поля ввода, кнопки и уведомления интерфейса с правилами проверки."
    >
      <Section title="Поля ввода">
        <div className="form__grid">
          <TextInput label="Текст (от 3 до 200 символов)" value={text} onChange={setText} rules />
          <TextInput
            label="Пароль"
            type="password"
            value={password}
            onChange={setPassword}
            rules
            min={8}
            max={64}
          />
          <TextInput
            label="Время"
            type="time"
            value={time}
            onChange={setTime}
            rules
            hint="Например, 930 → 09:30"
          />
          <TextInput
            label="Число"
            type="number"
            value={number}
            onChange={setNumber}
            rules
            hint="Только цифры"
          />
          <TextInput label="Карта" type="card" value={card} onChange={setCard} rules max={19} />
          <EmailOrPhoneInput value={contact} onChange={setContact} />
          <MaskedInput
            label="Госномер (маска A###AA)"
            mask="A###AA"
            value={plate}
            onChange={({ masked }) => setPlate(masked)}
            hint="A — буква в верхнем регистре, # — цифра"
          />
          <MaskedInput
            label="Код (маска !#XX-aa)"
            mask="!#XX-aa"
            value={code}
            onChange={({ masked }) => setCode(masked)}
            hint="! — экранирование, X — буква или цифра, a — строчная буква"
          />
        </div>
        <Checkbox checked={checked} onChange={setChecked}>
          Флажок
        </Checkbox>
      </Section>
      <Section title="Кнопки и уведомления">
        <div className="form__actions">
          <Button onClick={() => toast.success("Сохранено")}>Успех</Button>
          <Button variant="secondary" onClick={() => toast.info("К сведению")}>
            Информация
          </Button>
          <Button variant="ghost" onClick={() => toast.warning("Проверьте данные")}>
            Предупреждение
          </Button>
          <Button variant="danger" onClick={() => toast.error("Не удалось сохранить")}>
            Ошибка
          </Button>
          <Button busy>Загрузка</Button>
        </div>
      </Section>
      <Section title="Пустое состояние">
        <EmptyState icon="folder" title="Папка пуста">
          Так выглядит список, в котором пока ничего нет.
        </EmptyState>
      </Section>
    </Page>
  );
}
