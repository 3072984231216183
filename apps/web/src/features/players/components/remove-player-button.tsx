import type { Player } from "@fonika/shared";
import { useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { useRemovePlayer } from "../api/remove-player.ts";

interface RemovePlayerButtonProps {
  player: Player;
  /** After the player is gone, e.g. leave its page. */
  onRemoved?: () => void;
}

/** «Удалить» with the confirmation dialog; shown only where the server allows removing. */
export function RemovePlayerButton({ player, onRemoved }: RemovePlayerButtonProps) {
  const [asking, setAsking] = useState(false);
  const remove = useRemovePlayer();
  if (!player.abilities.remove) return null;
  const close = () => {
    setAsking(false);
    remove.reset();
  };
  return (
    <>
      <Button
        variant="ghost"
        icon="trash"
        aria-label={`Удалить плеер ${player.name}`}
        onClick={() => setAsking(true)}
      >
        Удалить
      </Button>
      {asking && (
        <ConfirmDialog
          title="Удалить плеер?"
          confirmLabel="Удалить"
          tone="danger"
          busy={remove.isPending}
          error={remove.error ? errorText(remove.error) : null}
          onClose={close}
          onConfirm={() =>
            remove.mutate(player, {
              onSuccess: () => {
                setAsking(false);
                toast.success("Плеер удалён");
                onRemoved?.();
              },
            })
          }
        >
          Плеер «{player.name}» и его плейлисты будут удалены. Музыка на нём перестанет играть.
        </ConfirmDialog>
      )}
    </>
  );
}
