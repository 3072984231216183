import type { UnplacedPlaylist } from "@fonika/shared";
import { useId, useState } from "react";
import { toast } from "react-toastify";
import { Button } from "../../../components/ui/button.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { formatDate } from "../../../lib/format.ts";
import { tariffNamesText } from "../../../lib/tariff-names.ts";
import { useMakePlaylist } from "../api/make-playlist.ts";
import "../vault.css";

interface PlacePlaylistDialogProps {
  /** The folder or root of the Playlists partition that is open. */
  folder: { entryId: string; name: string };
  playlists: readonly UnplacedPlaylist[];
  onClose: () => void;
}

/**
 * «Разместить плейлист»: the playlists that lost their place (deleted for
 * good while a tariff held them), one to choose, placed into the open
 * folder by make-playlist. It comes back without versions; a taken name is
 * refused with the server's reason, shown in the dialog.
 */
export function PlacePlaylistDialog({ folder, playlists, onClose }: PlacePlaylistDialogProps) {
  const makePlaylist = useMakePlaylist();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const groupName = useId();
  const chosen = playlists.find((playlist) => playlist.playlistId === chosenId);

  const place = () => {
    if (!chosen) return;
    setProblem(null);
    makePlaylist.mutate(
      { folderId: folder.entryId, playlistId: chosen.playlistId },
      {
        onSuccess: () => {
          toast.success(`«${chosen.name}» размещён в «${folder.name}»`);
          onClose();
        },
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };

  return (
    <Modal
      title={`Разместить плейлист в «${folder.name}»`}
      size="lg"
      onClose={onClose}
      footer={
        <>
          <Button disabled={!chosen} busy={makePlaylist.isPending} onClick={place}>
            Разместить
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Отмена
          </Button>
        </>
      }
    >
      <p className="modal__lead">
        Эти плейлисты удалены из библиотеки навсегда, но их держат тарифы, плееры и избранное
        клиентов. Размещённый плейлист вернётся без версий: создайте версию и добавьте треки, чтобы
        он снова заиграл.
      </p>
      {playlists.length === 0 ? (
        <p className="muted">Плейлистов без места нет.</p>
      ) : (
        <fieldset className="move-dialog__targets">
          <legend className="visually-hidden">Плейлист</legend>
          {playlists.map((playlist) => (
            <label key={playlist.playlistId} className="move-dialog__target">
              <input
                type="radio"
                name={groupName}
                value={playlist.playlistId}
                checked={chosenId === playlist.playlistId}
                onChange={() => setChosenId(playlist.playlistId)}
              />
              <span>
                {playlist.name}
                <small className="muted">
                  {" "}
                  · {tariffNamesText(playlist.tariffs)} · без места с{" "}
                  {formatDate(playlist.modifiedDate)}
                </small>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
    </Modal>
  );
}
