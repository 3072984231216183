import { CODES, type Player, type PlayerLiveState, roleMay } from "@fonika/shared";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Section } from "../../../components/ui/page.tsx";
import { TextInput } from "../../../components/ui/text-input.tsx";
import { pathTo } from "../../../config/paths.ts";
import { useSessionState } from "../../../lib/app-services.ts";
import { CLIENT_ERRORS, errorText } from "../../../lib/error-messages.ts";
import { usePairPlayer } from "../api/pair-player.ts";
import { usePlayerAwaitsDevice } from "../hooks/use-player-awaits-device.ts";
import "./player-pairing.css";

/** The pairing's Russian texts. */
export const PAIRING_TEXTS = {
  title: "Подключите плеер",
  switchOnBox: "Включите плеер и введите код с его экрана",
  codeLabel: "Код с экрана плеера",
  confirm: "Подтвердить",
  approved: "Код подтверждён: плеер заиграет, как только выйдет на связь.",
  webPlayerCode:
    "Это код веб-плеера: введите его в карточке веб-плеера. Бокс-плеер показывает свой код на экране устройства.",
} as const;

/** Where a venue's screen opens this web player: the page's address, naming the player. */
function webPlayerAddress(playerId: string): { shown: string; href: string } {
  const path = pathTo("WebPlayer");
  return {
    shown: `${window.location.host}${path}`,
    href: `${path}?player=${encodeURIComponent(playerId)}`,
  };
}

/**
 * How to pair a player that no device has played yet (issue 28), on the
 * player itself as Soundtrack Your Brand and Rockbot do: a web player is
 * opened at /web-player on the venue's screen, a box is switched on; either
 * shows a code, typed here and approved for this player's venue (and for
 * this web player).
 */
export function PlayerPairing({ player }: { player: Player }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [approved, setApproved] = useState(false);
  const pair = usePairPlayer(player);
  const web = player.type === "web";
  const address = webPlayerAddress(player.id);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== CODES.length) {
      setError(CLIENT_ERRORS.codeLength);
      return;
    }
    setApproved(false);
    pair.mutate(code, {
      onSuccess: (outcome) => {
        if (outcome === "web-player-code") {
          setError(PAIRING_TEXTS.webPlayerCode);
          return;
        }
        setCode("");
        setApproved(true);
      },
      onError: (failure) => setError(errorText(failure)),
    });
  };

  return (
    <div className="player-pairing">
      <p className="player-pairing__step">
        {web ? (
          <>
            Откройте{" "}
            <a href={address.href} target="_blank" rel="noreferrer">
              {address.shown}
            </a>{" "}
            на экране заведения и введите код с его экрана
          </>
        ) : (
          PAIRING_TEXTS.switchOnBox
        )}
      </p>
      <form
        className="form form--inline player-pairing__form"
        onSubmit={handleSubmit}
        noValidate
        aria-label={`Подключить плеер ${player.name}`}
      >
        <TextInput
          label={PAIRING_TEXTS.codeLabel}
          type="number"
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          max={CODES.length}
          autoComplete="off"
          error={error}
        />
        <Button type="submit" busy={pair.isPending}>
          {PAIRING_TEXTS.confirm}
        </Button>
      </form>
      {approved && (
        <p className="player-pairing__approved" role="status">
          {PAIRING_TEXTS.approved}
        </p>
      )}
    </div>
  );
}

/** Whether the viewer pairs this player: only its owner, as a client, approves a device's code. */
function usePairsPlayer(player: Player): boolean {
  const { role, userId } = useSessionState();
  return roleMay(role, "approveDevices") && userId === player.userId;
}

/**
 * A player's card: how to pair it while no device has played it, else its
 * normal state (`children`). `state` is the socket's (null: not told yet).
 */
export function PairingFirst({
  player,
  state,
  children,
}: {
  player: Player;
  state: PlayerLiveState | null;
  children?: ReactNode;
}) {
  const awaits = usePlayerAwaitsDevice(player.id, state, usePairsPlayer(player));
  return awaits ? <PlayerPairing player={player} /> : children;
}

/** A player page's pairing, above its facts, while no device has played it. */
export function PlayerPairingSection({
  player,
  state,
}: {
  player: Player;
  state: PlayerLiveState | null;
}) {
  const awaits = usePlayerAwaitsDevice(player.id, state, usePairsPlayer(player));
  if (!awaits) return null;
  return (
    <Section title={PAIRING_TEXTS.title}>
      <PlayerPairing player={player} />
    </Section>
  );
}
