import { uuidSchema } from "@fonika/shared";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { DeviceCodeScreen } from "../../../features/web-player/components/device-code-screen.tsx";
import { PlayingScreen } from "../../../features/web-player/components/playing-screen.tsx";
import type { VerificationAnswer } from "../../../lib/auth/device-code.ts";
import "../../../features/web-player/web-player.css";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { WebPlayerRuntime } from "../../../features/web-player/web-player-runtime.ts";
import {
  createWebPlayerServices,
  type WebPlayerServices,
} from "../../../features/web-player/web-player-services.ts";
import { WEB_PLAYER_TEXTS } from "../../../features/web-player/web-player-texts.ts";
import { CLIENT_ERRORS } from "../../../lib/error-messages.ts";

/**
 * While the server is out of reach at start (a screen rebooted in an
 * outage), the stored session is tried again this often — as often as the
 * socket tries to reconnect — and at once when the browser says the
 * network is back: until then the plays made wait in the outbox.
 */
const RETRY_START_MS = 5_000;

type Phase =
  | { kind: "starting" }
  | { kind: "code"; notice?: string }
  | { kind: "playing"; playerId: string }
  /** Another device plays the player now (issue 28): this one waits to be asked to take it back. */
  | { kind: "taken-over"; playerId: string };

/**
 * /web-player (issue 14): a venue's browser as its player. Without a
 * device session it shows a code to approve; with one — approved here, or
 * made by "Играть в этом браузере" — it plays, and a reload or a reboot
 * plays again (through an outage too: the stored session is tried until
 * the server answers, the cached plan plays meanwhile). Opened as
 * `/web-player?player=<id>` (the address a web player's card links), its
 * QR code names that player, so that the owner's approval chooses it.
 */
export default function WebPlayerScreen() {
  const services = useMemo(createWebPlayerServices, []);
  const [search] = useSearchParams();
  const named = uuidSchema.safeParse(search.get("player"));
  const [phase, setPhase] = useState<Phase>(() =>
    services.tokens.load() && services.playerId() ? { kind: "starting" } : { kind: "code" },
  );

  useEffect(() => {
    if (phase.kind !== "starting") return;
    let cancelled = false;
    void services.session.start().then(() => {
      if (cancelled) return;
      const playerId = services.playerId();
      // Signed in, or the server out of reach with the session still stored: play.
      if (playerId && services.tokens.load()) setPhase({ kind: "playing", playerId });
      else setPhase({ kind: "code", notice: WEB_PLAYER_TEXTS.sessionEnded });
    });
    return () => {
      cancelled = true;
    };
  }, [phase.kind, services]);

  const approved = useCallback(
    (answer: VerificationAnswer) => {
      if (!answer.playerId) throw new Error(CLIENT_ERRORS.incompleteTokens);
      services.adopt(
        { token: answer.tokens?.token ?? "", refreshToken: answer.tokens?.refreshToken ?? "" },
        answer.playerId,
      );
      setPhase({ kind: "playing", playerId: answer.playerId });
    },
    [services],
  );

  const ended = useCallback(() => {
    services.forget();
    setPhase({ kind: "code", notice: WEB_PLAYER_TEXTS.sessionEnded });
  }, [services]);

  const takenOver = useCallback(() => {
    setPhase((now) =>
      now.kind === "playing" ? { kind: "taken-over", playerId: now.playerId } : now,
    );
  }, []);

  return (
    <main className="web-player-page">
      {phase.kind === "starting" && <Spinner />}
      {phase.kind === "code" && (
        <>
          {phase.notice && <p className="web-player-page__notice">{phase.notice}</p>}
          <DeviceCodeScreen
            api={services.api}
            approved={approved}
            playerId={named.success ? named.data : undefined}
          />
        </>
      )}
      {phase.kind === "playing" && (
        <Playing
          services={services}
          playerId={phase.playerId}
          ended={ended}
          takenOver={takenOver}
        />
      )}
      {phase.kind === "taken-over" && (
        <div className="web-player-page__taken-over" role="status">
          <p className="web-player-page__notice">{WEB_PLAYER_TEXTS.takenOver}</p>
          <Button
            icon="play"
            onClick={() => setPhase({ kind: "playing", playerId: phase.playerId })}
          >
            {WEB_PLAYER_TEXTS.playHereAgain}
          </Button>
        </div>
      )}
    </main>
  );
}

function Playing({
  services,
  playerId,
  ended,
  takenOver,
}: {
  services: WebPlayerServices;
  playerId: string;
  ended(): void;
  takenOver(): void;
}) {
  const runtime = useMemo(() => new WebPlayerRuntime(services, playerId), [services, playerId]);
  useEffect(() => {
    runtime.start();
    return () => runtime.stop();
  }, [runtime]);
  useEffect(
    () =>
      runtime.subscribe(() => {
        const snapshot = runtime.snapshot();
        if (snapshot.sessionEnded) ended();
        else if (snapshot.takenOver) takenOver();
      }),
    [runtime, ended, takenOver],
  );
  useEffect(() => {
    // Started while the server was out of reach: try the stored session again until it answers.
    const { session, socket } = services;
    const unsubscribe = session.subscribe(() => {
      if (session.getState().status === "signed-in") socket.connect();
    });
    const retry = () => {
      if (session.getState().status !== "signed-in") void session.start();
    };
    const timer = window.setInterval(retry, RETRY_START_MS);
    window.addEventListener("online", retry);
    return () => {
      unsubscribe();
      window.clearInterval(timer);
      window.removeEventListener("online", retry);
    };
  }, [services]);
  const signOut = useCallback(() => {
    if (!window.confirm(WEB_PLAYER_TEXTS.signOutConfirm)) return;
    void services.session.logout();
    ended();
  }, [services, ended]);
  return (
    <PlayingScreen
      runtime={runtime}
      token={() => services.session.getAccessToken() ?? services.tokens.load()?.token ?? null}
      onSignOut={signOut}
    />
  );
}
