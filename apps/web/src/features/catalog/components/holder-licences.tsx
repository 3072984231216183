import {
  AUTHOR_ATTACHMENTS,
  type CopyrightLicence,
  licenceDayOf,
  licenceFieldsSchema,
} from "@fonika/shared";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { DateField } from "../../../components/ui/date-field.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { type ChipTone, StatusChip } from "../../../components/ui/status-chip.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { useApiClient } from "../../../lib/app-services.ts";
import { errorText } from "../../../lib/error-messages.ts";
import {
  licenceDocumentUrl,
  useAddLicence,
  useChangeLicence,
  useChangeLicenceDocument,
  useLicences,
  useRemoveLicence,
} from "../api/licences.ts";
import "./licences.css";
import { formatDay } from "../../../lib/format.ts";

/** `YYYY-MM-DD` as the spec writes dates: dd.MM.yyyy. */
/** A licence's period in words. */
export function periodText(licence: Pick<CopyrightLicence, "startsOn" | "endsOn">): string {
  return licence.endsOn
    ? `${formatDay(licence.startsOn)} — ${formatDay(licence.endsOn)}`
    : `с ${formatDay(licence.startsOn)}, бессрочно`;
}

/** Whether a licence covers today (Moscow), has not begun, or has ended. */
function stateOf(licence: CopyrightLicence): { label: string; tone: ChipTone } {
  const today = licenceDayOf(Date.now());
  if (licence.startsOn > today) return { label: "Ещё не началась", tone: "pending" };
  if (licence.endsOn && licence.endsOn < today) return { label: "Истекла", tone: "blocked" };
  return { label: "Действует", tone: "active" };
}

const EMPTY = { contractNumber: "", territory: "Российская Федерация", startsOn: "", endsOn: "" };

/**
 * A copyright holder's licences (issue 32): each with its contract number,
 * territory, period, state and signed document; a new one recorded with
 * its document; one recorded in error removed. A holder whose every
 * licence ended has its songs taken out of what venues play.
 */
export function HolderLicences({
  holder,
  onClose,
}: {
  holder: { id: string; name: string };
  onClose: () => void;
}) {
  const api = useApiClient();
  const licences = useLicences(holder.id);
  const add = useAddLicence(holder.id);
  const change = useChangeLicence(holder.id);
  const changeDocument = useChangeLicenceDocument(holder.id);
  const remove = useRemoveLicence(holder.id);
  /** The licence being corrected in the form; null: the form records a new one. */
  const [editing, setEditing] = useState<CopyrightLicence | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [document, setDocument] = useState<File | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<CopyrightLicence | null>(null);
  const set = (key: keyof typeof EMPTY, value: string) => {
    setForm((previous) => ({ ...previous, [key]: value }));
    setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = licenceFieldsSchema.safeParse({ ...form, endsOn: form.endsOn || null });
    if (!parsed.success) {
      setFormError(parsed.error.issues[0]?.message ?? "Проверьте поля лицензии");
      return;
    }
    try {
      if (editing) {
        await change.mutateAsync({ licenceId: editing.id, change: parsed.data });
        if (document) await changeDocument.mutateAsync({ licenceId: editing.id, file: document });
      } else {
        await add.mutateAsync({ fields: parsed.data, document });
      }
      startNew();
    } catch (error) {
      setFormError(errorText(error));
    }
  };

  const startNew = () => {
    setEditing(null);
    setForm(EMPTY);
    setDocument(null);
    setFormError(null);
  };

  const edit = (licence: CopyrightLicence) => {
    setEditing(licence);
    setForm({
      contractNumber: licence.contractNumber,
      territory: licence.territory,
      startsOn: licence.startsOn,
      endsOn: licence.endsOn ?? "",
    });
    setDocument(null);
    setFormError(null);
  };

  const list = licences.data ?? [];
  return (
    <Modal title={`Лицензии: ${holder.name}`} onClose={onClose} size="lg">
      {licences.isError && <p role="alert">{errorText(licences.error)}</p>}
      {licences.isSuccess && list.length === 0 && (
        <p className="muted">
          Лицензий нет: песни правообладателя играют без ограничения по сроку. Добавьте договор, и
          они будут звучать только в его срок.
        </p>
      )}
      {list.length > 0 && (
        <ul className="licence-list" aria-label="Лицензии">
          {list.map((licence) => {
            const state = stateOf(licence);
            return (
              <li key={licence.id} className="licence-list__item">
                <div className="licence-list__facts">
                  <strong>Договор {licence.contractNumber}</strong>
                  <span>{licence.territory}</span>
                  <span>{periodText(licence)}</span>
                  <StatusChip label={state.label} tone={state.tone} />
                </div>
                <div className="licence-list__actions">
                  {licence.document ? (
                    <a
                      href={licenceDocumentUrl(api, licence)}
                      download
                      onClick={(event) => {
                        event.currentTarget.href = licenceDocumentUrl(api, licence);
                      }}
                    >
                      {licence.document.fileName}
                    </a>
                  ) : (
                    <span className="muted">Без документа</span>
                  )}
                  <Button
                    variant="ghost"
                    icon="edit"
                    aria-label={`Изменить договор ${licence.contractNumber}`}
                    onClick={() => edit(licence)}
                  >
                    Изменить
                  </Button>
                  <Button
                    variant="ghost"
                    icon="trash"
                    aria-label={`Удалить договор ${licence.contractNumber}`}
                    onClick={() => setRemoving(licence)}
                  >
                    Удалить
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <form className="form licence-form" onSubmit={submit} noValidate>
        <h3>{editing ? `Договор ${editing.contractNumber}` : "Новая лицензия"}</h3>
        <div className="form__grid">
          <TextInput
            label="Номер договора"
            value={form.contractNumber}
            onChange={(value) => set("contractNumber", value)}
            max={100}
          />
          <TextInput
            label="Территория"
            value={form.territory}
            onChange={(value) => set("territory", value)}
          />
          <DateField
            id="licence-starts"
            label="Действует с"
            value={form.startsOn}
            onChange={(value) => set("startsOn", value)}
          />
          <DateField
            id="licence-ends"
            label="Действует по"
            hint="Пусто — бессрочно"
            value={form.endsOn}
            onChange={(value) => set("endsOn", value)}
          />
          <Field
            id="licence-document"
            label="Документ"
            hint={`${AUTHOR_ATTACHMENTS.formats.join(", ")}, до ${AUTHOR_ATTACHMENTS.maxMb} МБ`}
          >
            <input
              id="licence-document"
              className="input"
              type="file"
              accept={AUTHOR_ATTACHMENTS.mediaTypes.join(",")}
              onChange={(event) => setDocument(event.target.files?.[0] ?? null)}
            />
          </Field>
        </div>
        {formError && (
          <p className="form__error" role="alert">
            {formError}
          </p>
        )}
        <div className="form__actions">
          {editing && (
            <Button variant="secondary" onClick={startNew}>
              Отменить изменение
            </Button>
          )}
          <Button
            type="submit"
            icon={editing ? "check" : "plus"}
            busy={add.isPending || change.isPending || changeDocument.isPending}
          >
            {editing ? "Сохранить лицензию" : "Добавить лицензию"}
          </Button>
        </div>
      </form>
      {removing && (
        <ConfirmDialog
          title="Удалить лицензию?"
          confirmLabel="Удалить"
          tone="danger"
          busy={remove.isPending}
          error={remove.error ? errorText(remove.error) : null}
          onConfirm={() =>
            void remove.mutateAsync(removing.id).then(
              () => setRemoving(null),
              () => undefined,
            )
          }
          onClose={() => setRemoving(null)}
        >
          Договор {removing.contractNumber} ({periodText(removing)}) и его документ будут удалены.
          Если других лицензий у правообладателя нет, его песни снова будут играть без ограничения
          по сроку.
        </ConfirmDialog>
      )}
    </Modal>
  );
}
