import type { CatalogEntry, CatalogKind } from "@fonika/shared";
import { toast } from "react-toastify";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { useSubmission } from "../../../lib/use-submission.ts";
import { useCatalogEntry } from "../api/get-catalog-entry.ts";
import { useAuthorAttachments } from "../api/list-author-attachments.ts";
import { useRemoveCatalogEntry } from "../api/remove-catalog-entry.ts";
import { CATALOG_KIND_TEXTS, CATALOG_TEXTS } from "../catalog-texts.ts";
import "../catalog.css";

interface CatalogRemoveDialogProps {
  kind: CatalogKind;
  entry: CatalogEntry;
  onClose: () => void;
}

/**
 * Asks before removing an entry for good, saying first what uses it: how
 * many tracks point at it (read again as the question opens) and that they
 * are left without it, and for an author that its documents go too.
 */
export function CatalogRemoveDialog({ kind, entry, onClose }: CatalogRemoveDialogProps) {
  const texts = CATALOG_KIND_TEXTS[kind];
  const remove = useRemoveCatalogEntry(kind, entry.id);
  const asking = remove.isIdle || remove.isError;
  const current = useCatalogEntry(kind, entry, asking).data ?? entry;
  const documents = useAuthorAttachments(kind === "author" ? entry.id : null, asking);
  const { busy, error, submit } = useSubmission();

  const handleConfirm = () =>
    submit(async () => {
      await remove.mutateAsync();
      toast.success(texts.removed(entry.name));
      onClose();
    });

  return (
    <ConfirmDialog
      title={texts.removeTitle}
      confirmLabel={CATALOG_TEXTS.remove}
      tone="danger"
      busy={busy}
      error={error}
      onConfirm={handleConfirm}
      onClose={onClose}
    >
      <div className="catalog-remove">
        <p className="catalog-remove__usage">
          {CATALOG_TEXTS.usage(texts, current.name, current.songCount)}
        </p>
        {kind === "author" && <p>{CATALOG_TEXTS.authorDocuments(documents.data?.length)}</p>}
        {kind === "copyright-holder" && <p>{CATALOG_TEXTS.holderLicences}</p>}
        <p>{CATALOG_TEXTS.irreversible}</p>
      </div>
    </ConfirmDialog>
  );
}
