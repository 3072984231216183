import { useEffect, useState, useSyncExternalStore } from "react";
import { apiBaseUrl } from "../../../config/paths.ts";
import { formatClock, formatCount, formatDuration } from "../../../lib/format.ts";
import type { WebPlayerRuntime, WebPlayerSnapshot } from "../web-player-runtime.ts";
import { WEB_PLAYER_TEXTS } from "../web-player-texts.ts";

/**
 * The web player at work, made to be read across a room: what plays, how
 * far, whether it is on line and how long it would last without it, and
 * why it is silent when it is. One large button when the browser holds
 * the sound back.
 */
export function PlayingScreen({
  runtime,
  token,
  onSignOut,
}: {
  runtime: WebPlayerRuntime;
  token: () => string | null;
  onSignOut(): void;
}) {
  const view = useSyncExternalStore(runtime.subscribe, runtime.snapshot, runtime.snapshot);
  const song = view.current?.song ?? null;
  const playlistName =
    view.plan?.playlists.find((playlist) => playlist.id === view.current?.playlistId)?.name ?? null;
  const access = token();
  return (
    <section className="web-player" aria-label={WEB_PLAYER_TEXTS.title}>
      <header className="web-player__status">
        <span
          className={`web-player__line web-player__line--${view.online ? "on" : "off"}`}
          role="status"
        >
          {view.online ? WEB_PLAYER_TEXTS.online : WEB_PLAYER_TEXTS.offline}
        </span>
        <span className="web-player__reach" data-testid="offline-reach">
          {offlineLine(view)}
        </span>
      </header>
      <div className="web-player__now">
        <div className="web-player__cover" aria-hidden="true">
          {song?.hasCover && access ? (
            <img
              src={`${apiBaseUrl}/music/song/${song.id}/avatar-file?access_token=${encodeURIComponent(access)}`}
              alt=""
              width={320}
              height={320}
            />
          ) : (
            <span className="web-player__cover-mark">♪</span>
          )}
        </div>
        <div className="web-player__song">
          <h1 className="web-player__title" data-testid="now-playing">
            {song ? song.title : (problemText(view) ?? WEB_PLAYER_TEXTS.noPlan)}
          </h1>
          {song && <p className="web-player__artists">{song.artists.join(", ")}</p>}
          {!song && view.problem === "no-licence" && view.licence && (
            <p className="web-player__problem" role="alert" data-testid="licence-hint">
              {WEB_PLAYER_TEXTS.licenceHint[view.licence]}
            </p>
          )}
          {playlistName && (
            <p className="web-player__playlist">
              {playlistName}
              {view.current?.fallback ? ` · ${WEB_PLAYER_TEXTS.fallback}` : ""}
            </p>
          )}
          {song && <Progress runtime={runtime} />}
          {song && problemText(view) && (
            <p className="web-player__problem" role="alert">
              {problemText(view)}
            </p>
          )}
          {view.serverMessage && <p className="web-player__problem">{view.serverMessage}</p>}
          {view.next && (
            <p className="web-player__next">
              {WEB_PLAYER_TEXTS.next}: {view.next.title} — {view.next.artists.join(", ")}
            </p>
          )}
        </div>
      </div>
      <footer className="web-player__footer">
        <button type="button" className="web-player__sign-out" onClick={onSignOut}>
          {WEB_PLAYER_TEXTS.signOut}
        </button>
      </footer>
      {view.problem === "needs-gesture" && (
        <button type="button" className="web-player__start" onClick={() => void runtime.unlock()}>
          {WEB_PLAYER_TEXTS.tapToStart}
        </button>
      )}
    </section>
  );
}

function problemText(view: WebPlayerSnapshot): string | null {
  if (view.paused) return WEB_PLAYER_TEXTS.paused;
  if (view.problem === "silence") return WEB_PLAYER_TEXTS.silence;
  if (view.problem === "no-licence") return WEB_PLAYER_TEXTS.noLicence;
  if (view.problem === "out-of-touch") return WEB_PLAYER_TEXTS.outOfTouch;
  if (view.problem === "nothing-playable") return WEB_PLAYER_TEXTS.nothingPlayable;
  return null;
}

function offlineLine(view: WebPlayerSnapshot): string {
  const parts = [
    view.offlineReachMs > 0
      ? WEB_PLAYER_TEXTS.offlineReach(formatDuration(view.offlineReachMs))
      : WEB_PLAYER_TEXTS.offlineNothing,
  ];
  if (view.cachedSongs > 0)
    parts.push(WEB_PLAYER_TEXTS.cached(formatCount(view.cachedSongs, WEB_PLAYER_TEXTS.songForms)));
  if (view.waitingReports > 0) parts.push(WEB_PLAYER_TEXTS.waitingReports(view.waitingReports));
  if (view.pageKept === false) parts.push(WEB_PLAYER_TEXTS.pageNotKept);
  return parts.join(" · ");
}

/** The song's progress, redrawn twice a second (the rest of the screen only on change). */
function Progress({ runtime }: { runtime: WebPlayerRuntime }) {
  const [progress, setProgress] = useState(() => runtime.engine.progress());
  useEffect(() => {
    const timer = window.setInterval(() => setProgress(runtime.engine.progress()), 500);
    return () => window.clearInterval(timer);
  }, [runtime]);
  if (!progress) return null;
  const share = progress.duration > 0 ? Math.min(progress.position / progress.duration, 1) : 0;
  return (
    <div className="web-player__progress">
      <span>{formatClock(progress.position)}</span>
      <progress max={1} value={share} aria-label="Прогресс песни" />
      <span>{formatClock(progress.duration)}</span>
    </div>
  );
}
