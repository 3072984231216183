/**
 * The levels a web player sounds at (issue 14): each song at the gain the
 * library's loudness job stored (to −14 LUFS) but never above what keeps
 * its true peak under the ceiling, the owner's volume on a perceptual
 * taper, and equal-power crossfade curves. Pure numbers, so they are
 * tested without a browser.
 */

/** The highest true peak a levelled song may reach, dBTP (EBU R128 s1 / streaming practice). */
export const TRUE_PEAK_CEILING_DB = -1;

/** Gain of a song in dB: its loudness gain, limited by its true peak; 0 dB when unmeasured. */
export function songGainDb(gainDb: number | null, truePeakDb: number | null): number {
  const wanted = gainDb ?? 0;
  if (truePeakDb === null) return Math.min(wanted, 0);
  return Math.min(wanted, TRUE_PEAK_CEILING_DB - truePeakDb);
}

export function dbToLinear(db: number): number {
  return 10 ** (db / 20);
}

/**
 * The owner's volume 0–100 as a linear gain on a squared taper: the ear
 * hears loudness on a log scale, so half the slider is −12 dB rather
 * than −6 dB, and 0 is silence.
 */
export function volumeGain(volume: number): number {
  const share = Math.min(Math.max(volume, 0), 100) / 100;
  return share * share;
}

/**
 * The makeup gain in dB that a DynamicsCompressorNode with a hard knee
 * (knee 0) adds to all it passes, loud or quiet: per the Web Audio spec
 * ("computing the makeup gain") the gain its compression curve gives a
 * full-scale (0 dBFS) signal, inverted, to the power 0.6. Above the
 * threshold a hard knee's curve is a line of slope 1/ratio, so full scale
 * comes out −threshold × (1 − 1/ratio) dB lower. A soft knee's curve is
 * the browser's own (Chromium's is exponential) and is not modelled here.
 */
export function compressorMakeupGainDb(thresholdDb: number, ratio: number): number {
  const fullRangeReductionDb = Math.max(-thresholdDb, 0) * (1 - 1 / ratio);
  return 0.6 * fullRangeReductionDb;
}

/**
 * Equal-power crossfade curves of `points` values: the outgoing song's
 * gain falls as cos, the incoming rises as sin, so that for two unrelated
 * songs the summed power stays constant (cos² + sin² = 1) — no dip in the
 * middle as a linear fade has.
 */
export function crossfadeCurves(points = 64): { fadeOut: Float32Array; fadeIn: Float32Array } {
  const fadeOut = new Float32Array(points);
  const fadeIn = new Float32Array(points);
  for (let i = 0; i < points; i++) {
    const t = i / (points - 1);
    fadeOut[i] = Math.cos((t * Math.PI) / 2);
    fadeIn[i] = Math.sin((t * Math.PI) / 2);
  }
  return { fadeOut, fadeIn };
}
