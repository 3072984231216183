import { INPUT } from "@fonika/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { errorText } from "../../../lib/error-messages.ts";

interface NameDialogProps {
  title: string;
  label: string;
  initialName?: string;
  submitLabel: string;
  /** Saves the name; a rejection's reason (e.g. a taken name) shows under the field. */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** A dialog asking for one name: a new folder's, or a new name of an entry. */
export function NameDialog({
  title,
  label,
  initialName = "",
  submitLabel,
  onSubmit,
  onClose,
}: NameDialogProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError("Введите название");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(trimmed);
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button type="submit" form={formId} busy={busy}>
            {submitLabel}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Отмена
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={handleSubmit} noValidate>
        <TextInput
          label={label}
          value={name}
          onChange={(value) => {
            setName(value);
            setError(null);
          }}
          max={INPUT.defaultMax}
          error={error}
          data-autofocus
        />
      </form>
    </Modal>
  );
}
