import type { AudioOutput, Deck } from "./deck.ts";
import { compressorMakeupGainDb, crossfadeCurves, dbToLinear } from "./levels.ts";

/**
 * The browser's side of the decks: `<audio>` elements routed through an
 * AudioContext so that each song's loudness gain, the crossfade envelope
 * and the volume are sample-accurate gain nodes rather than the element's
 * coarse `volume`. The bus ends in a limiter (a fast, hard-kneed
 * compressor at −1 dBFS, at unity below it): songs are already levelled
 * under their true peak, the limiter only catches two songs summing in a
 * crossfade.
 */

const CURVE_POINTS = 64;
/** A volume change glides this long (no zipper noise). */
const VOLUME_RAMP_S = 0.15;
/** The bus's limiter. Its knee stays hard (0): `compressorMakeupGainDb` is exact for that only. */
const LIMITER = { thresholdDb: -1, ratio: 20, attackSeconds: 0.001, releaseSeconds: 0.1 };

class WebAudioDeck implements Deck {
  onEnded: (() => void) | null = null;
  onFailed: ((error: Error) => void) | null = null;
  private readonly element: HTMLAudioElement;
  private readonly level: GainNode;
  private readonly fader: GainNode;
  private loading: { reject(error: Error): void } | null = null;
  /** A `blob:` address this deck was given: revoked once it holds another song or none. */
  private objectUrl: string | null = null;

  constructor(
    readonly index: number,
    private readonly context: AudioContext,
    bus: AudioNode,
  ) {
    const element = new Audio();
    element.preload = "auto";
    element.crossOrigin = "anonymous";
    this.element = element;
    const source = context.createMediaElementSource(element);
    this.level = context.createGain();
    this.fader = context.createGain();
    this.fader.gain.value = 0;
    source.connect(this.level).connect(this.fader).connect(bus);
    element.addEventListener("ended", () => this.onEnded?.());
    element.addEventListener("error", () => {
      const failure = new Error(`the song's file failed (${element.error?.code ?? "?"})`);
      if (this.loading) this.loading.reject(failure);
      else if (element.getAttribute("src")) this.onFailed?.(failure);
    });
  }

  load(url: string | Promise<string>, level: number, timeoutMs: number): Promise<void> {
    this.loading?.reject(new Error("replaced by another song"));
    const element = this.element;
    this.level.gain.setValueAtTime(level, this.context.currentTime);
    return new Promise<void>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        clearTimeout(timer);
        element.removeEventListener("canplay", ready);
        if (this.loading === handle) this.loading = null;
      };
      const ready = () => {
        done();
        resolve();
      };
      const handle = {
        reject: (error: Error) => {
          done();
          reject(error);
        },
      };
      this.loading = handle;
      timer = setTimeout(
        () => handle.reject(new Error("the song's file did not load in time")),
        timeoutMs,
      );
      element.addEventListener("canplay", ready);
      const open = (address: string) => {
        // Replaced while the address was coming: that address is nobody's.
        if (this.loading !== handle) {
          if (address.startsWith("blob:")) URL.revokeObjectURL(address);
          return;
        }
        this.letGoOfObjectUrl();
        if (address.startsWith("blob:")) this.objectUrl = address;
        element.src = address;
        element.load();
      };
      if (typeof url === "string") open(url);
      else url.then(open, (error: Error) => handle.reject(error));
    });
  }

  private letGoOfObjectUrl(): void {
    if (this.objectUrl) URL.revokeObjectURL(this.objectUrl);
    this.objectUrl = null;
  }

  async play(): Promise<void> {
    await this.element.play();
  }

  pause(): void {
    this.element.pause();
  }

  unload(): void {
    this.loading?.reject(new Error("unloaded"));
    this.element.pause();
    this.element.removeAttribute("src");
    this.element.load();
    this.letGoOfObjectUrl();
    this.setFade(0);
  }

  position(): number {
    return this.element.currentTime;
  }

  seek(seconds: number): void {
    this.element.currentTime = seconds;
  }

  duration(): number {
    return this.element.duration;
  }

  fadeValue(): number {
    return this.fader.gain.value;
  }

  setFade(value: number): void {
    const gain = this.fader.gain;
    gain.cancelScheduledValues(this.context.currentTime);
    gain.setValueAtTime(value, this.context.currentTime);
  }

  fade(direction: "in" | "out", seconds: number): void {
    const gain = this.fader.gain;
    const now = this.context.currentTime;
    const from = gain.value;
    gain.cancelScheduledValues(now);
    if (seconds <= 0) {
      gain.setValueAtTime(direction === "in" ? 1 : 0, now);
      return;
    }
    const { fadeIn, fadeOut } = crossfadeCurves(CURVE_POINTS);
    // From wherever the gain stands (a fade may interrupt another).
    const curve = (direction === "in" ? fadeIn : fadeOut).map((value) =>
      direction === "in" ? Math.max(value, from) : Math.min(value, from),
    );
    gain.setValueCurveAtTime(curve, now, seconds);
  }

  source(): string | null {
    return this.element.getAttribute("src");
  }

  isPlaying(): boolean {
    return !this.element.paused && !this.element.ended;
  }
}

export function createWebAudioOutput(): AudioOutput {
  const context = new AudioContext({ latencyHint: "playback" });
  const limiter = context.createDynamicsCompressor();
  limiter.threshold.value = LIMITER.thresholdDb;
  limiter.knee.value = 0;
  limiter.ratio.value = LIMITER.ratio;
  limiter.attack.value = LIMITER.attackSeconds;
  limiter.release.value = LIMITER.releaseSeconds;
  // No makeup gain. A DynamicsCompressorNode raises everything it passes by
  // a gain its threshold and ratio fix (the Web Audio spec's "makeup gain":
  // +0.57 dB here, measured at a venue and in Chromium), and has no setting
  // to turn it off (WebAudio/web-audio-api#2639 proposes one). A gain node
  // after it takes exactly that back, computed from the same parameters as
  // the spec does: below the threshold the bus is unity, so the loudness
  // job's levels are what sounds, and above it the limiter's curve is its
  // own (a full-scale peak comes out near −0.95 dBFS). Chosen over a limiter
  // of our own in an AudioWorklet: the built-in node runs off the main
  // thread in every browser with no module of ours to build and load, and
  // the compensation is one constant.
  const unity = context.createGain();
  unity.gain.value = dbToLinear(-compressorMakeupGainDb(LIMITER.thresholdDb, LIMITER.ratio));
  const volume = context.createGain();
  // What reaches the speakers, measured (`level`): support's and the soak's witness of silence.
  const meter = context.createAnalyser();
  meter.fftSize = 2048;
  const frame = new Float32Array(meter.fftSize);
  volume.connect(limiter).connect(unity).connect(meter).connect(context.destination);
  const decks = [
    new WebAudioDeck(0, context, volume),
    new WebAudioDeck(1, context, volume),
  ] as const;
  return {
    decks,
    setVolume(gain) {
      const now = context.currentTime;
      volume.gain.cancelScheduledValues(now);
      volume.gain.setValueAtTime(volume.gain.value, now);
      volume.gain.linearRampToValueAtTime(gain, now + VOLUME_RAMP_S);
    },
    async resume() {
      if (context.state !== "running") {
        try {
          await context.resume();
        } catch {
          // Held back until a click: `running` says so.
        }
      }
      return context.state === "running";
    },
    running: () => context.state === "running",
    level() {
      meter.getFloatTimeDomainData(frame);
      let sum = 0;
      for (const sample of frame) sum += sample * sample;
      const rms = Math.sqrt(sum / frame.length);
      return rms > 0 ? 20 * Math.log10(rms) : Number.NEGATIVE_INFINITY;
    },
  };
}
