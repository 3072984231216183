import { INPUT, TARIFFS, type TariffInput } from "@fonika/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Icon } from "../../../components/ui/icon.tsx";
import { Section } from "../../../components/ui/page.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import {
  type BenefitDraft,
  checkDraft,
  type DraftErrors,
  emptyBenefit,
  emptyFeature,
  emptyItem,
  type FeatureDraft,
  type ItemDraft,
  type TariffDraft,
} from "../tariff-draft.ts";
import { PlaylistPicker, type PlaylistSearch } from "./playlist-picker.tsx";
import { TARIFF_TYPE_LABELS, TariffTypeIcon } from "./tariff-type-icon.tsx";
import "../tariffs.css";
import { useSubmission } from "../../../lib/use-submission.ts";

export type { PlaylistSearch } from "./playlist-picker.tsx";

interface TariffFormProps {
  initial: TariffDraft;
  submitLabel: string;
  playlistSearch: PlaylistSearch;
  /** Saves the tariff; a failure is shown in the form. */
  onSubmit: (input: TariffInput) => Promise<void>;
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="icon-button icon-button--small icon-button--danger tariff-form__remove"
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <Icon name="trash" size={18} />
    </button>
  );
}

function ItemRow({
  item,
  path,
  number,
  errors,
  onChange,
  onRemove,
}: {
  item: ItemDraft;
  path: string;
  number: string;
  errors: DraftErrors;
  onChange: (item: ItemDraft) => void;
  onRemove: () => void;
}) {
  return (
    <li className="tariff-form__item">
      <TextInput
        label={`Позиция ${number}`}
        value={item.name}
        max={INPUT.defaultMax}
        onChange={(name) => onChange({ ...item, name })}
        error={errors[`${path}.name`]}
      />
      <TextInput
        label="Цена, ₽"
        inputMode="decimal"
        value={item.price}
        max={16}
        onChange={(price) => onChange({ ...item, price })}
        error={errors[`${path}.price`]}
      />
      <Checkbox
        checked={item.approvalRequired}
        onChange={(approvalRequired) => onChange({ ...item, approvalRequired })}
      >
        Требует согласования
      </Checkbox>
      <RemoveButton label={`Удалить позицию ${number}`} onClick={onRemove} />
    </li>
  );
}

function FeatureBlock({
  feature,
  index,
  errors,
  onChange,
  onRemove,
}: {
  feature: FeatureDraft;
  index: number;
  errors: DraftErrors;
  onChange: (feature: FeatureDraft) => void;
  onRemove: () => void;
}) {
  const path = `features.${index}`;
  const number = String(index + 1);
  const setItem = (itemIndex: number, item: ItemDraft) =>
    onChange({
      ...feature,
      items: feature.items.map((current, position) => (position === itemIndex ? item : current)),
    });
  return (
    <li className="tariff-form__feature">
      <div className="tariff-form__feature-head">
        <TextInput
          label={`Функция ${number}`}
          value={feature.name}
          max={INPUT.defaultMax}
          onChange={(name) => onChange({ ...feature, name })}
          error={errors[`${path}.name`]}
        />
        <Checkbox
          checked={feature.recurrent}
          onChange={(recurrent) => onChange({ ...feature, recurrent })}
        >
          Оплата каждый месяц
        </Checkbox>
        <RemoveButton label={`Удалить функцию ${number}`} onClick={onRemove} />
      </div>
      <ul className="tariff-form__rows">
        {feature.items.map((item, itemIndex) => (
          <ItemRow
            key={item.key}
            item={item}
            path={`${path}.items.${itemIndex}`}
            number={`${number}.${itemIndex + 1}`}
            errors={errors}
            onChange={(next) => setItem(itemIndex, next)}
            onRemove={() =>
              onChange({
                ...feature,
                items: feature.items.filter((_, position) => position !== itemIndex),
              })
            }
          />
        ))}
      </ul>
      {errors[`${path}.items`] && <p className="form__error">{errors[`${path}.items`]}</p>}
      <Button
        variant="ghost"
        icon="plus"
        className="tariff-form__add"
        disabled={feature.items.length >= TARIFFS.maxItemsPerFeature}
        onClick={() => onChange({ ...feature, items: [...feature.items, emptyItem()] })}
      >
        Добавить позицию
      </Button>
    </li>
  );
}

/**
 * The admin's tariff form: type, name, description, availability, prices,
 * features with their items, benefits and the playlists the tariff grants.
 * It is checked by the contract's own schema before it is sent, so its
 * messages are the API's.
 */
export function TariffForm({ initial, submitLabel, playlistSearch, onSubmit }: TariffFormProps) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const { busy, error: formError, setError: setFormError, submit } = useSubmission();
  const descriptionId = useId();

  const set = <Key extends keyof TariffDraft>(key: Key, value: TariffDraft[Key]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setFeature = (index: number, feature: FeatureDraft) =>
    set(
      "features",
      draft.features.map((current, position) => (position === index ? feature : current)),
    );
  const setBenefit = (index: number, benefit: BenefitDraft) =>
    set(
      "benefits",
      draft.benefits.map((current, position) => (position === index ? benefit : current)),
    );

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = checkDraft(draft);
    if (checked.errors) {
      setErrors(checked.errors);
      setFormError("Проверьте поля, отмеченные красным");
      return;
    }
    setErrors({});
    await submit(
      () => onSubmit(checked.input),
      (failure) => {
        if (isApiError(failure) && failure.type === "duplicate-entry-error") {
          setErrors({ name: failure.reason });
        }
      },
    );
  };

  return (
    <form className="form tariff-form" onSubmit={handleSubmit} noValidate aria-label="Тариф">
      <Section title="Основное">
        <fieldset className="segmented tariff-form__types">
          <legend className="field__label">Тип</legend>
          {TARIFFS.types.map((type) => (
            <label
              key={type}
              className={`segmented__option${draft.type === type ? " is-active" : ""}`}
            >
              <input
                type="radio"
                name="tariff-type"
                value={type}
                checked={draft.type === type}
                onChange={() => set("type", type)}
              />
              <TariffTypeIcon type={type} size={24} />
              {TARIFF_TYPE_LABELS[type]}
            </label>
          ))}
        </fieldset>
        <div className="form__grid">
          <TextInput
            label="Название"
            value={draft.name}
            max={INPUT.defaultMax}
            onChange={(name) => set("name", name)}
            error={errors.name}
          />
          <TextInput
            label="Цена в месяц, ₽"
            inputMode="decimal"
            value={draft.price}
            max={16}
            onChange={(price) => set("price", price)}
            error={errors.price}
          />
          <TextInput
            label="Базовая цена, ₽"
            inputMode="decimal"
            value={draft.basePrice}
            max={16}
            onChange={(basePrice) => set("basePrice", basePrice)}
            error={errors.basePrice}
            hint="Без скидки; зачёркнута, когда выше цены"
          />
        </div>
        <Field
          id={descriptionId}
          label="Описание"
          message={errors.description}
          hint={`До ${TARIFFS.maxDescription} символов`}
        >
          <textarea
            id={descriptionId}
            className="input textarea"
            rows={3}
            maxLength={TARIFFS.maxDescription}
            value={draft.description}
            onChange={(event) => set("description", event.target.value)}
          />
        </Field>
        <Checkbox checked={draft.active} onChange={(active) => set("active", active)}>
          Активен: тариф предлагается клиентам
        </Checkbox>
      </Section>

      <Section title="Функции и позиции">
        {draft.features.length === 0 && (
          <p className="muted">Функций нет: тариф включает только описание и преимущества.</p>
        )}
        <ul className="tariff-form__rows">
          {draft.features.map((feature, index) => (
            <FeatureBlock
              key={feature.key}
              feature={feature}
              index={index}
              errors={errors}
              onChange={(next) => setFeature(index, next)}
              onRemove={() =>
                set(
                  "features",
                  draft.features.filter((_, position) => position !== index),
                )
              }
            />
          ))}
        </ul>
        {errors.features && <p className="form__error">{errors.features}</p>}
        <Button
          variant="secondary"
          icon="plus"
          className="tariff-form__add"
          disabled={draft.features.length >= TARIFFS.maxFeatures}
          onClick={() => set("features", [...draft.features, emptyFeature()])}
        >
          Добавить функцию
        </Button>
      </Section>

      <Section title="Преимущества">
        <ul className="tariff-form__rows">
          {draft.benefits.map((benefit, index) => (
            <li key={benefit.key} className="tariff-form__benefit">
              <TextInput
                label={`Преимущество ${index + 1}`}
                value={benefit.text}
                max={INPUT.defaultMax}
                onChange={(text) => setBenefit(index, { ...benefit, text })}
                error={errors[`benefits.${index}`]}
              />
              <RemoveButton
                label={`Удалить преимущество ${index + 1}`}
                onClick={() =>
                  set(
                    "benefits",
                    draft.benefits.filter((_, position) => position !== index),
                  )
                }
              />
            </li>
          ))}
        </ul>
        {errors.benefits && <p className="form__error">{errors.benefits}</p>}
        <Button
          variant="secondary"
          icon="plus"
          className="tariff-form__add"
          disabled={draft.benefits.length >= TARIFFS.maxBenefits}
          onClick={() => set("benefits", [...draft.benefits, emptyBenefit()])}
        >
          Добавить преимущество
        </Button>
      </Section>

      <Section title="Плейлисты">
        <p className="muted">Плейлисты, которые могут играть заведения с этим тарифом.</p>
        <PlaylistPicker
          chosen={draft.playlists}
          search={playlistSearch}
          onChange={(playlists) => set("playlists", playlists)}
        />
      </Section>

      {formError && (
        <p className="form__error" role="alert">
          {formError}
        </p>
      )}
      <div className="form__actions">
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
