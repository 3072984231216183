import type { PlayerUpdate } from "@fonika/shared";
import { type FormEvent, useId, useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { useSubmission } from "../../../lib/use-submission.ts";
import { useChangePlayerUpdateMeta } from "../api/change-player-update-meta.ts";
import { type MetaFieldErrors, type MetaFormValues, metaInputOf } from "../meta-form.ts";
import { FirmwareMetaFields } from "./firmware-meta-fields.tsx";

interface PlayerUpdateMetaDialogProps {
  update: PlayerUpdate;
  onClose: () => void;
}

/** «Изменить обновление»: its name and version; a version another update has is refused by the server. */
export function PlayerUpdateMetaDialog({ update, onClose }: PlayerUpdateMetaDialogProps) {
  const formId = useId();
  const change = useChangePlayerUpdateMeta(update.updateId);
  const { busy, error, submit } = useSubmission();
  const [values, setValues] = useState<MetaFormValues>({
    name: update.name,
    version: update.version,
  });
  const [errors, setErrors] = useState<MetaFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const set = (field: keyof MetaFormValues, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = metaInputOf(values);
    if (!result.input) {
      setErrors(result.errors);
      return;
    }
    const input = result.input;
    await submit(async () => {
      const changed = await change.mutateAsync(input);
      toast.success(`Обновление «${changed.name}» ${changed.version} сохранено`);
      onClose();
    });
  };

  return (
    <Modal
      title="Изменить обновление"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Отмена
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            Сохранить
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={handleSubmit} noValidate>
        <FirmwareMetaFields
          values={values}
          errors={errors}
          submitted={submitted}
          set={set}
          autoFocus
        />
        <p className="muted">Файл: {update.fileName}</p>
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
