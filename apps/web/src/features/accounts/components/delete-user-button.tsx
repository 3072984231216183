import type { Profile } from "@fonika/shared";
import { useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { fullNameOf } from "../../../lib/person-names.ts";
import { ACCOUNT_TEXTS } from "../account-texts.ts";
import { useDeleteUser } from "../api/delete-user.ts";

interface DeleteUserButtonProps {
  profile: Profile;
  /** After the deletion, once 'Пользователь успешно удален' is shown. */
  onDeleted: () => void;
}

/**
 * The delete button of a user's header (SPEC.md §2): hidden unless the
 * server allows it, and always for a blocked user; asks before deleting.
 */
export function DeleteUserButton({ profile, onDeleted }: DeleteUserButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteUser();
  if (!profile.abilities.delete || profile.status === "blocked") return null;

  const close = () => {
    setConfirming(false);
    deletion.reset();
  };
  return (
    <>
      <Button variant="danger" icon="trash" onClick={() => setConfirming(true)}>
        Удалить
      </Button>
      {confirming && (
        <ConfirmDialog
          title="Удалить пользователя?"
          confirmLabel="Удалить"
          tone="danger"
          busy={deletion.isPending}
          error={deletion.isError ? errorText(deletion.error) : null}
          onClose={close}
          onConfirm={() =>
            deletion.mutate(profile.userId, {
              onSuccess: () => {
                toast.success(ACCOUNT_TEXTS.userDeleted);
                onDeleted();
              },
            })
          }
        >
          Пользователь «{fullNameOf(profile)}» больше не сможет войти, его личные данные будут
          стёрты. Это действие нельзя отменить.
        </ConfirmDialog>
      )}
    </>
  );
}
