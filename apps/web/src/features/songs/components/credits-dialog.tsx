import type { SongsCreditsChange } from "@fonika/shared";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Modal } from "../../../components/ui/modal.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { useChangeSongsCredits } from "../api/change-songs-credits.ts";
import { type Credit, CreditPicker } from "./credit-picker.tsx";
import { splitArtists } from "./track-editor.tsx";

interface CreditsDialogProps {
  songIds: readonly string[];
  onClose: () => void;
  /** After the songs were credited: how many, and what was said of them («Авторы и правообладатель указаны»). */
  onDone: (changed: number, what: string) => void;
}

/** What a change credits, as a sentence's subject: «Исполнители и авторы», «Правообладатель». */
function creditedParts(change: SongsCreditsChange): string {
  const parts = [
    change.artists ? "исполнители" : "",
    change.authorIds ? "авторы" : "",
    change.copyrightHolderId !== undefined ? "правообладатель" : "",
  ].filter(Boolean);
  const text =
    parts.length > 1 ? `${parts.slice(0, -1).join(", ")} и ${parts.at(-1)}` : (parts[0] ?? "");
  const verb = parts.length === 1 && parts[0] === "правообладатель" ? "указан" : "указаны";
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} ${verb}`;
}

/**
 * The same performers, authors and/or copyright holder for many chosen
 * tracks at once (an album's, issue 32). What is not ticked stays as each
 * track has it; authors or holder ticked and left empty clear them
 * (performers need one at least). All the tracks change, or none.
 */
export function CreditsDialog({ songIds, onClose, onDone }: CreditsDialogProps) {
  const [artistsOn, setArtistsOn] = useState(false);
  const [artists, setArtists] = useState("");
  const [authorsOn, setAuthorsOn] = useState(true);
  const [holderOn, setHolderOn] = useState(true);
  const [authors, setAuthors] = useState<Credit[]>([]);
  const [holder, setHolder] = useState<Credit[]>([]);
  const credit = useChangeSongsCredits();
  const performers = splitArtists(artists);
  const change: SongsCreditsChange = {
    songIds: [...songIds],
    ...(artistsOn ? { artists: performers } : {}),
    ...(authorsOn ? { authorIds: authors.map((author) => author.id) } : {}),
    ...(holderOn ? { copyrightHolderId: holder[0]?.id ?? null } : {}),
  };
  const nothing = !artistsOn && !authorsOn && !holderOn;
  const noPerformers = artistsOn && performers.length === 0;

  return (
    <Modal
      title={`Авторы и правообладатель: треков ${songIds.length}`}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Отмена
          </Button>
          <Button
            disabled={nothing || noPerformers}
            busy={credit.isPending}
            onClick={async () => {
              const done = await credit.mutateAsync(change).catch(() => null);
              if (done) onDone(done.changed, creditedParts(change));
            }}
          >
            Применить ко всем
          </Button>
        </>
      }
    >
      <div className="form">
        <Checkbox checked={artistsOn} onChange={setArtistsOn}>
          Заменить исполнителей
        </Checkbox>
        {artistsOn && (
          <TextInput
            label="Исполнители"
            value={artists}
            onChange={setArtists}
            hint="Через запятую; у всех треков будут эти исполнители"
            error={noPerformers ? "Укажите хотя бы одного исполнителя" : null}
          />
        )}
        <Checkbox checked={authorsOn} onChange={setAuthorsOn}>
          Заменить авторов
        </Checkbox>
        {authorsOn && (
          <CreditPicker
            kind="author"
            label="Авторы"
            value={authors}
            onChange={setAuthors}
            hint={authors.length === 0 ? "Пусто: у треков не будет авторов" : undefined}
          />
        )}
        <Checkbox checked={holderOn} onChange={setHolderOn}>
          Заменить правообладателя
        </Checkbox>
        {holderOn && (
          <CreditPicker
            kind="copyright-holder"
            label="Правообладатель"
            single
            value={holder}
            onChange={setHolder}
            hint={holder.length === 0 ? "Пусто: у треков не будет правообладателя" : undefined}
          />
        )}
        {credit.error && (
          <p className="form__error" role="alert">
            {errorText(credit.error)}
          </p>
        )}
      </div>
    </Modal>
  );
}
