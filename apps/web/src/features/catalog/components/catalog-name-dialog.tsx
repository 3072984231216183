import { type CatalogEntry, type CatalogKind, INPUT } from "@fonika/shared";
import { type FormEvent, useId, useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useSubmission } from "../../../lib/use-submission.ts";
import { useAddCatalogEntry } from "../api/add-catalog-entry.ts";
import { useChangeCatalogEntry } from "../api/change-catalog-entry.ts";
import { CATALOG_KIND_TEXTS, CATALOG_TEXTS } from "../catalog-texts.ts";

/** Refusals that are about the name itself, shown under the field rather than above the buttons. */
const NAME_ERRORS = new Set(["duplicate-entry-error", "validation-error"]);

interface CatalogNameDialogProps {
  kind: CatalogKind;
  /** The entry to rename; none adds a new one. */
  entry?: CatalogEntry;
  /** The name the field starts with when adding (the search that found nothing). */
  initialName?: string;
  onClose: () => void;
}

/**
 * Adds an entry of a kind, or renames one. The server judges the name (a
 * name taken in any letter case is refused); its reason is shown under the
 * field, any other failure above the buttons.
 */
export function CatalogNameDialog({
  kind,
  entry,
  initialName = "",
  onClose,
}: CatalogNameDialogProps) {
  const texts = CATALOG_KIND_TEXTS[kind];
  const formId = useId();
  const add = useAddCatalogEntry(kind);
  const change = useChangeCatalogEntry(kind, entry?.id ?? "");
  const { busy, error, setError, submit } = useSubmission();
  const [name, setName] = useState(entry?.name ?? initialName);
  const [nameError, setNameError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    // The server folds white space the same way; an unchanged name is sent still (a case change).
    const trimmed = name.replace(/\s+/g, " ").trim();
    if (!trimmed) return;
    setNameError(null);
    await submit(
      async () => {
        if (entry) {
          const renamed = await change.mutateAsync(trimmed);
          toast.success(texts.renamed(renamed.name));
        } else {
          const added = await add.mutateAsync(trimmed);
          toast.success(texts.added(added.name));
        }
        onClose();
      },
      (failure) => {
        if (isApiError(failure) && NAME_ERRORS.has(failure.type)) {
          setNameError(failure.reason);
        }
      },
    );
  };

  // A refusal of the name is shown once, under the field.
  const formError = nameError ? null : error;

  return (
    <Modal
      title={entry ? texts.renameTitle : texts.addTitle}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {CATALOG_TEXTS.cancel}
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {entry ? CATALOG_TEXTS.save : CATALOG_TEXTS.addConfirm}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={handleSubmit} noValidate>
        <TextInput
          label={texts.nameLabel}
          value={name}
          onChange={(value) => {
            setName(value);
            setNameError(null);
            setError(null);
          }}
          rules
          min={1}
          max={INPUT.defaultMax}
          requiredMessage={texts.nameRequired}
          showError={submitted}
          error={nameError}
          autoComplete="off"
          data-autofocus
        />
        {formError && (
          <p className="form__error" role="alert">
            {formError}
          </p>
        )}
      </form>
    </Modal>
  );
}
