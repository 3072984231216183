import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { formatClock } from "../../lib/format.ts";
import { Icon } from "../ui/icon.tsx";
import "./preview-player.css";

/** What a row hands the player: the song and how to name it. */
export interface PreviewTrack {
  songId: string;
  title: string;
  artists?: readonly string[];
}

interface PreviewPlayerState {
  track: PreviewTrack | null;
  playing: boolean;
  /** Seconds. */
  position: number;
  duration: number;
  error: string | null;
}

interface PreviewPlayerControls extends PreviewPlayerState {
  /** Plays the track, pauses it when it is the one playing, resumes it when paused. */
  toggle(track: PreviewTrack): void;
  seek(seconds: number): void;
  stop(): void;
}

const PreviewPlayerContext = createContext<PreviewPlayerControls | null>(null);

const PLAY_FAILED = "Не удалось воспроизвести трек";

interface PreviewPlayerProviderProps {
  /**
   * The URL of a song's audio for `<audio src>`, made at the moment a play
   * starts: it carries the access token of that moment (SPEC.md §4: the
   * token changes every 50 s), so a new play takes a fresh one while the
   * element keeps the URL it is playing.
   */
  sourceOf: (songId: string) => string;
  /**
   * A hook (the same one at every render) giving the chosen track as the
   * library knows it now, so that the bar follows a rename made while the
   * track is chosen. Without it the bar keeps the names the play began with.
   */
  useLatestTrack?: (track: PreviewTrack) => PreviewTrack;
  children: ReactNode;
}

const asChosen = (track: PreviewTrack) => track;

/** Plays without letting a refused autoplay or a missing media stack throw. */
function startPlaying(audio: HTMLAudioElement, onRefused: () => void): void {
  try {
    const started = audio.play() as Promise<void> | undefined;
    started?.catch((error: unknown) => {
      if (error instanceof DOMException && error.name === "AbortError") return;
      onRefused();
    });
  } catch {
    onRefused();
  }
}

/**
 * The page's one preview player (SPEC.md: every track row can be played in
 * the browser): a single `<audio>` shared by every play button below it,
 * and a small bar with pause, position and close while a track is chosen.
 */
export function PreviewPlayerProvider({
  sourceOf,
  useLatestTrack = asChosen,
  children,
}: PreviewPlayerProviderProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const sourceRef = useRef<{ songId: string; url: string } | null>(null);
  /** Whether the current URL was already replaced once after a load error. */
  const retriedRef = useRef(false);
  const resumeAtRef = useRef<number | null>(null);
  const [state, setState] = useState<PreviewPlayerState>({
    track: null,
    playing: false,
    position: 0,
    duration: 0,
    error: null,
  });
  const sourceOfRef = useRef(sourceOf);
  sourceOfRef.current = sourceOf;

  const fail = useCallback(() => {
    setState((previous) => ({ ...previous, playing: false, error: PLAY_FAILED }));
  }, []);

  /** Points the element at a fresh URL of the song, to go on from `resumeAt` seconds. */
  const load = useCallback(
    (songId: string, resumeAt: number) => {
      const audio = audioRef.current;
      if (!audio) return false;
      let url: string;
      try {
        url = sourceOfRef.current(songId);
      } catch {
        fail();
        return false;
      }
      sourceRef.current = { songId, url };
      resumeAtRef.current = resumeAt > 0 ? resumeAt : null;
      audio.src = url;
      return true;
    },
    [fail],
  );

  const toggle = useCallback(
    (track: PreviewTrack) => {
      const audio = audioRef.current;
      if (!audio) return;
      const current = sourceRef.current;
      if (current?.songId === track.songId) {
        if (!audio.paused) {
          audio.pause();
          return;
        }
        // A resumed play takes a fresh URL when the token changed meanwhile.
        let fresh: string | null = null;
        try {
          fresh = sourceOfRef.current(track.songId);
        } catch {
          fresh = null;
        }
        if (fresh && fresh !== current.url) load(track.songId, audio.currentTime);
        retriedRef.current = false;
        setState((previous) => ({ ...previous, error: null }));
        startPlaying(audio, fail);
        return;
      }
      retriedRef.current = false;
      setState({ track, playing: false, position: 0, duration: 0, error: null });
      if (load(track.songId, 0)) startPlaying(audio, fail);
    },
    [load, fail],
  );

  const seek = useCallback((seconds: number) => {
    const audio = audioRef.current;
    if (!audio || !Number.isFinite(seconds)) return;
    audio.currentTime = seconds;
    setState((previous) => ({ ...previous, position: seconds }));
  }, []);

  const stop = useCallback(() => {
    const audio = audioRef.current;
    sourceRef.current = null;
    if (audio) {
      audio.pause();
      audio.removeAttribute("src");
      audio.load?.();
    }
    setState({ track: null, playing: false, position: 0, duration: 0, error: null });
  }, []);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const update = (patch: Partial<PreviewPlayerState>) =>
      setState((previous) => ({ ...previous, ...patch }));
    const handlers: Record<string, () => void> = {
      play: () => update({ playing: true, error: null }),
      playing: () => {
        retriedRef.current = false;
        update({ playing: true, error: null });
      },
      pause: () => update({ playing: false }),
      ended: () => update({ playing: false, position: 0 }),
      timeupdate: () => update({ position: audio.currentTime }),
      durationchange: () =>
        update({ duration: Number.isFinite(audio.duration) ? audio.duration : 0 }),
      loadedmetadata: () => {
        const resumeAt = resumeAtRef.current;
        resumeAtRef.current = null;
        if (resumeAt !== null) audio.currentTime = resumeAt;
      },
      error: () => {
        const current = sourceRef.current;
        if (!current) return;
        // The URL's token may have run out while the element was paused or
        // buffering: one fresh URL, going on where it stopped, then give up.
        if (!retriedRef.current) {
          retriedRef.current = true;
          if (load(current.songId, audio.currentTime)) {
            startPlaying(audio, fail);
            return;
          }
        }
        fail();
      },
    };
    for (const [name, handler] of Object.entries(handlers)) {
      audio.addEventListener(name, handler);
    }
    return () => {
      for (const [name, handler] of Object.entries(handlers)) {
        audio.removeEventListener(name, handler);
      }
    };
  }, [load, fail]);

  const controls = useMemo<PreviewPlayerControls>(
    () => ({ ...state, toggle, seek, stop }),
    [state, toggle, seek, stop],
  );

  return (
    <PreviewPlayerContext.Provider value={controls}>
      {children}
      {/* biome-ignore lint/a11y/useMediaCaption: music previews have no spoken words to caption. */}
      <audio ref={audioRef} preload="none" className="visually-hidden" />
      {state.track && <PreviewPlayerBar chosen={state.track} useLatestTrack={useLatestTrack} />}
    </PreviewPlayerContext.Provider>
  );
}

/** The player of the page; throws outside a PreviewPlayerProvider. */
export function usePreviewPlayer(): PreviewPlayerControls {
  const player = useContext(PreviewPlayerContext);
  if (!player) throw new Error("usePreviewPlayer needs <PreviewPlayerProvider> above it");
  return player;
}

function nameOf(track: PreviewTrack): string {
  return track.artists?.length ? `${track.title} — ${track.artists.join(", ")}` : track.title;
}

/** The play/pause button of one track row. */
export function PlayButton({ track }: { track: PreviewTrack }) {
  const player = usePreviewPlayer();
  const current = player.track?.songId === track.songId;
  const playing = current && player.playing;
  return (
    <button
      type="button"
      className={`play-button${current ? " is-current" : ""}`}
      aria-label={`${playing ? "Пауза" : "Слушать"}: ${track.title}`}
      aria-pressed={playing}
      onClick={(event) => {
        event.stopPropagation();
        player.toggle(track);
      }}
    >
      <Icon name={playing ? "pause" : "play"} size={16} />
    </button>
  );
}

interface PreviewPlayerBarProps {
  chosen: PreviewTrack;
  useLatestTrack: (track: PreviewTrack) => PreviewTrack;
}

/** The bar at the bottom of the page while a track is chosen, named as the library names it now. */
function PreviewPlayerBar({ chosen, useLatestTrack }: PreviewPlayerBarProps) {
  const player = usePreviewPlayer();
  const track = useLatestTrack(chosen);
  const duration = player.duration;
  return (
    <section className="preview-player" aria-label="Прослушивание">
      <button
        type="button"
        className="preview-player__toggle"
        aria-label={player.playing ? "Пауза" : "Продолжить"}
        onClick={() => player.toggle(track)}
      >
        <Icon name={player.playing ? "pause" : "play"} size={18} />
      </button>
      <div className="preview-player__meta">
        <span className="preview-player__title" title={nameOf(track)}>
          {nameOf(track)}
        </span>
        {player.error ? (
          <span className="preview-player__error" role="alert">
            {player.error}
          </span>
        ) : (
          <div className="preview-player__progress">
            <span className="preview-player__time">{formatClock(player.position)}</span>
            <input
              type="range"
              className="preview-player__range"
              aria-label="Позиция"
              min={0}
              max={duration || 0}
              step={1}
              value={Math.min(player.position, duration || 0)}
              disabled={!duration}
              onChange={(event) => player.seek(Number(event.target.value))}
            />
            <span className="preview-player__time">{formatClock(duration)}</span>
          </div>
        )}
      </div>
      <button
        type="button"
        className="preview-player__close"
        aria-label="Закрыть плеер"
        onClick={player.stop}
      >
        <Icon name="close" size={18} />
      </button>
    </section>
  );
}
