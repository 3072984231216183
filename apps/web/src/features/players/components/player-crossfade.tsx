import { PLAYERS, type Player } from "@fonika/shared";
import { toast } from "react-toastify";
import { DisclosureSection } from "../../../components/ui/disclosure-section.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { errorText } from "../../../lib/error-messages.ts";
import { useChangePlayer } from "../api/change-player.ts";

/** 0 to 12 whole seconds, as the shared schema allows. */
const SECONDS = Array.from({ length: PLAYERS.crossfadeMaxSeconds + 1 }, (_, seconds) => seconds);

/** How a length reads: «4 с», and 0 says what it means. */
export function crossfadeLabel(seconds: number): string {
  return seconds === 0 ? "0 с — без паузы и без перехода" : `${seconds} с`;
}

const OPTIONS = SECONDS.map((seconds) => ({
  value: String(seconds),
  label: crossfadeLabel(seconds),
}));

/**
 * A web player's crossfade between songs: chosen by who may change the
 * player, shown to others. Folded on a phone until opened; closed, it says
 * the length.
 */
export function PlayerCrossfade({ player }: { player: Player }) {
  const change = useChangePlayer(player.id);
  return (
    <DisclosureSection
      title="Переход между песнями"
      rememberAs="player.crossfade"
      summary={`${player.crossfadeSeconds} с`}
    >
      {player.abilities.edit ? (
        <SelectField
          label="Длительность перехода"
          hint="0 — без паузы и без перехода"
          value={String(player.crossfadeSeconds)}
          options={OPTIONS}
          disabled={change.isPending}
          error={change.error ? errorText(change.error) : null}
          onChange={(value) =>
            change.mutate(
              { crossfadeSeconds: Number(value) },
              { onSuccess: () => toast.success("Переход между песнями сохранён") },
            )
          }
        />
      ) : (
        <p>
          Длительность перехода: <strong>{crossfadeLabel(player.crossfadeSeconds)}</strong>
        </p>
      )}
    </DisclosureSection>
  );
}
