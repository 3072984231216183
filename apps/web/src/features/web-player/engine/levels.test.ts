import { describe, expect, it } from "vitest";
import {
  compressorMakeupGainDb,
  crossfadeCurves,
  dbToLinear,
  songGainDb,
  TRUE_PEAK_CEILING_DB,
  volumeGain,
} from "./levels.ts";

describe("song gain", () => {
  it("applies the loudness gain when the peak allows it", () => {
    expect(songGainDb(-5.5, -3)).toBe(-5.5);
    expect(songGainDb(2, -6)).toBe(2);
  });

  it("limits a boost by the true peak, so nothing clips", () => {
    // A quiet song with a loud peak: +6 dB would put its −2 dBTP peak at +4.
    expect(songGainDb(6, -2)).toBe(TRUE_PEAK_CEILING_DB + 2);
    expect(songGainDb(6, -2) + -2).toBeLessThanOrEqual(TRUE_PEAK_CEILING_DB);
  });

  it("turns down even a song that is not boosted when its peak is over the ceiling", () => {
    expect(songGainDb(0, 0.5)).toBe(-1.5);
  });

  it("plays an unmeasured song as it is, never boosted", () => {
    expect(songGainDb(null, null)).toBe(0);
    expect(songGainDb(4, null)).toBe(0);
    expect(songGainDb(-3, null)).toBe(-3);
  });
});

describe("volume", () => {
  it("is silent at 0, whole at 100, −12 dB at half", () => {
    expect(volumeGain(0)).toBe(0);
    expect(volumeGain(100)).toBe(1);
    expect(20 * Math.log10(volumeGain(50))).toBeCloseTo(-12.04, 1);
    expect(volumeGain(150)).toBe(1);
  });

  it("converts decibels", () => {
    expect(dbToLinear(0)).toBe(1);
    expect(dbToLinear(-6)).toBeCloseTo(0.501, 3);
  });
});

describe("crossfade curves", () => {
  it("keep the summed power constant and meet at −3 dB", () => {
    const { fadeOut, fadeIn } = crossfadeCurves(65);
    expect(fadeOut[0]).toBe(1);
    expect(fadeIn[0]).toBe(0);
    expect(fadeOut[64]).toBeCloseTo(0, 6);
    expect(fadeIn[64]).toBeCloseTo(1, 6);
    for (let i = 0; i < 65; i++) {
      const out = fadeOut[i] as number;
      const into = fadeIn[i] as number;
      expect(out * out + into * into).toBeCloseTo(1, 5);
    }
    expect(20 * Math.log10(fadeOut[32] as number)).toBeCloseTo(-3.01, 1);
  });
});

describe("a compressor's makeup gain", () => {
  it("is what the browser adds on its own: +0.57 dB for the bus's limiter (−1 dBFS, 20:1)", () => {
    // Heard at a venue and rendered in Chromium: a quiet signal comes out 0.57 dB louder.
    expect(compressorMakeupGainDb(-1, 20)).toBeCloseTo(0.57, 3);
    // The spec's own default threshold and ratio, had the knee been hard.
    expect(compressorMakeupGainDb(-24, 12)).toBeCloseTo(13.2, 3);
    expect(compressorMakeupGainDb(0, 20)).toBe(0);
  });
});
