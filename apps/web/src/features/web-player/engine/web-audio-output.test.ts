import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createWebAudioOutput } from "./web-audio-output.ts";

/**
 * The page's audio graph on a stand-in AudioContext (jsdom has none): it
 * records what connects to what, and its compressor passes a quiet signal
 * as the Web Audio spec says a DynamicsCompressorNode does — raised by the
 * makeup gain that its threshold and ratio fix.
 */
class StandInParam {
  constructor(public value: number) {}
  setValueAtTime(value: number) {
    this.value = value;
    return this;
  }
  linearRampToValueAtTime(value: number) {
    this.value = value;
    return this;
  }
  cancelScheduledValues() {
    return this;
  }
  setValueCurveAtTime(curve: Float32Array) {
    this.value = curve[curve.length - 1] ?? this.value;
    return this;
  }
}

class StandInNode {
  readonly outputs: StandInNode[] = [];
  connect<T extends StandInNode>(target: T): T {
    this.outputs.push(target);
    return target;
  }
  /** The gain this node gives a signal far below any threshold. */
  quietGain(): number {
    return 1;
  }
}

class StandInGain extends StandInNode {
  readonly gain = new StandInParam(1);
  override quietGain(): number {
    return this.gain.value;
  }
}

class StandInCompressor extends StandInNode {
  readonly threshold = new StandInParam(-24);
  readonly knee = new StandInParam(30);
  readonly ratio = new StandInParam(12);
  readonly attack = new StandInParam(0.003);
  readonly release = new StandInParam(0.25);
  /**
   * The spec's "computing the makeup gain": the compression curve applied
   * to 1.0 (0 dBFS), inverted, to the power 0.6. Modelled for a hard knee,
   * where the curve above the threshold is a straight line of slope 1/ratio.
   */
  override quietGain(): number {
    if (this.knee.value !== 0) throw new Error("the stand-in models a hard knee only");
    const threshold = this.threshold.value;
    const fullScaleOutDb = threshold + (0 - threshold) / this.ratio.value;
    const fullRangeGain = 10 ** (fullScaleOutDb / 20);
    return (1 / fullRangeGain) ** 0.6;
  }
}

/** An analyser passes its signal on as it is, and reads it: a constant frame here. */
class StandInAnalyser extends StandInNode {
  fftSize = 2048;
  constructor(private readonly sample: number) {
    super();
  }
  getFloatTimeDomainData(frame: Float32Array) {
    frame.fill(this.sample);
  }
}

class StandInContext {
  static last: StandInContext | null = null;
  readonly currentTime = 0;
  readonly state = "running";
  readonly destination = new StandInNode();
  readonly sources: StandInNode[] = [];
  constructor() {
    StandInContext.last = this;
  }
  createGain() {
    return new StandInGain();
  }
  createDynamicsCompressor() {
    return new StandInCompressor();
  }
  createAnalyser() {
    return new StandInAnalyser(0.1);
  }
  createMediaElementSource() {
    const source = new StandInNode();
    this.sources.push(source);
    return source;
  }
  async resume() {}
}

/** Multiplies the quiet gains from `node` to the speakers (the graph is a chain). */
function gainToSpeakers(node: StandInNode, destination: StandInNode): number {
  let gain = 1;
  let at: StandInNode | undefined = node;
  while (at && at !== destination) {
    gain *= at.quietGain();
    expect(at.outputs).toHaveLength(1);
    at = at.outputs[0];
  }
  expect(at).toBe(destination);
  return gain;
}

beforeEach(() => {
  vi.stubGlobal("AudioContext", StandInContext);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the page's audio output", () => {
  it("passes a song under the limiter's threshold at unity: no makeup gain", () => {
    const output = createWebAudioOutput();
    const context = StandInContext.last as StandInContext;
    output.setVolume(1);
    for (const deck of output.decks) deck.setFade(1);
    expect(context.sources).toHaveLength(2);
    for (const source of context.sources) {
      const gainDb = 20 * Math.log10(gainToSpeakers(source, context.destination));
      expect(gainDb).toBeCloseTo(0, 3);
    }
  });

  it("measures what reaches the speakers, after the limiter, in dBFS", () => {
    const output = createWebAudioOutput();
    // A constant 0.1 is −20 dBFS RMS.
    expect(output.level()).toBeCloseTo(-20, 3);
  });
});

describe("a deck given a kept song's blob: address", () => {
  it("waits for the address, plays it, and lets it go once it holds another song", async () => {
    const revoked: string[] = [];
    vi.spyOn(URL, "revokeObjectURL").mockImplementation((url) => void revoked.push(url));
    const deck = createWebAudioOutput().decks[0];
    const element = () => (deck as unknown as { element: HTMLAudioElement }).element;
    void deck.load(Promise.resolve("blob:kept-1"), 1, 60_000).catch(() => undefined);
    await Promise.resolve();
    expect(element().getAttribute("src")).toBe("blob:kept-1");
    void deck.load("/api/v1/music/song/2/file", 1, 60_000).catch(() => undefined);
    expect(revoked).toEqual(["blob:kept-1"]);
    deck.unload();
    expect(revoked).toEqual(["blob:kept-1"]);
  });

  it("lets go of an address that came after the deck was given another song", async () => {
    const revoked: string[] = [];
    vi.spyOn(URL, "revokeObjectURL").mockImplementation((url) => void revoked.push(url));
    const deck = createWebAudioOutput().decks[1];
    let give: (url: string) => void = () => undefined;
    const late = deck.load(new Promise<string>((resolve) => (give = resolve)), 1, 60_000);
    void deck.load("/api/v1/music/song/3/file", 1, 60_000).catch(() => undefined);
    await expect(late).rejects.toThrow("replaced by another song");
    give("blob:late");
    await Promise.resolve();
    expect(revoked).toEqual(["blob:late"]);
    expect((deck as unknown as { element: HTMLAudioElement }).element.getAttribute("src")).toBe(
      "/api/v1/music/song/3/file",
    );
  });
});
