import path from "node:path";
import { renderMp3 } from "./tones.ts";

/**
 * The demo's songs: short pieces made on the spot by the bundled ffmpeg,
 * free of any licence because nobody wrote them. Each is a simple chord
 * progression played as a soft pad with a bass note and a plucked
 * arpeggio, with a fade in and out; the songs are mastered at different
 * levels so that the library's loudness job has something to level.
 * (`tones.ts` makes a single held chord, which is enough for tests but
 * a drone to listen to for a minute.)
 */

/** Who holds the demo's songs (TPUB): the royalty report names it as their copyright holder. */
export const DEMO_PUBLISHER = "Фоника, демо-каталог";

/** A song of the demo: its tags, its harmony and how loud its master is. */
export interface DemoSong {
  title: string;
  artist: string;
  /** Its (fictitious) composer and lyricist, tagged TCOM: the royalty report names them. */
  authors: readonly string[];
  /** Chords as MIDI note numbers (60 = middle C), played in turn. */
  chords: readonly (readonly number[])[];
  /** How long each chord lasts, seconds. */
  chordSeconds: number;
  /** Peak level of the master, 0–1. */
  level: number;
}

// Chords spelled in C and moved to each song's key by `transpose`.
const C = [60, 64, 67];
const Dm = [62, 65, 69];
const Em = [64, 67, 71];
const F = [65, 69, 72];
const G = [67, 71, 74];
const Am = [69, 72, 76];
const Fmaj7 = [65, 69, 72, 76];
const Cmaj7 = [60, 64, 67, 71];
const Dm7 = [62, 65, 69, 72];
const G7 = [67, 71, 74, 77];
const Am7 = [69, 72, 76, 79];

function transpose(chords: readonly (readonly number[])[], semitones: number): number[][] {
  return chords.map((chord) => chord.map((note) => note + semitones));
}

/**
 * The demo's ten songs. The first half is the daytime playlist, the
 * second the evening one (see demo.ts).
 */
export const DEMO_SONGS: readonly DemoSong[] = [
  {
    title: "Утренний кофе",
    artist: "Ансамбль «Тихая гавань»",
    authors: ["Анна Тихонова"],
    chords: [C, G, Am, F],
    chordSeconds: 3,
    level: 0.5,
  },
  {
    title: "Прогулка по набережной",
    artist: "Белые ночи",
    authors: ["Михаил Белов", "Ольга Невская"],
    chords: transpose([C, Am, F, G], 2),
    chordSeconds: 2.5,
    level: 0.8,
  },
  {
    title: "Солнечный зайчик",
    artist: "Квартет «Оттепель»",
    authors: ["Пётр Оттепелев"],
    chords: transpose([F, G, Em, Am], -3),
    chordSeconds: 2,
    level: 0.35,
  },
  {
    title: "Летний полдень",
    artist: "Ансамбль «Тихая гавань»",
    authors: ["Анна Тихонова", "Ольга Невская"],
    chords: transpose([C, F, Am, G], 5),
    chordSeconds: 3,
    level: 0.9,
  },
  {
    title: "Городской сад",
    artist: "Белые ночи",
    authors: ["Михаил Белов"],
    chords: transpose([Am, F, C, G], 3),
    chordSeconds: 2.5,
    level: 0.6,
  },
  {
    title: "Вечерние огни",
    artist: "Трио «Полутона»",
    authors: ["Игорь Полутонов"],
    chords: [Dm7, G7, Cmaj7, Am7],
    chordSeconds: 4,
    level: 0.45,
  },
  {
    title: "Сумерки на Неве",
    artist: "Квартет «Оттепель»",
    authors: ["Пётр Оттепелев", "Ольга Невская"],
    chords: transpose([Am, Dm, Em, Am], -2),
    chordSeconds: 4,
    level: 0.7,
  },
  {
    title: "Тёплый плед",
    artist: "Трио «Полутона»",
    authors: ["Игорь Полутонов"],
    chords: transpose([Fmaj7, Em, Dm7, Cmaj7], -5),
    chordSeconds: 5,
    level: 0.3,
  },
  {
    title: "Полночный трамвай",
    artist: "Белые ночи",
    authors: ["Михаил Белов"],
    chords: transpose([Cmaj7, Am7, Dm7, G7], 1),
    chordSeconds: 3.5,
    level: 0.85,
  },
  {
    title: "Звёздное небо",
    artist: "Ансамбль «Тихая гавань»",
    authors: ["Анна Тихонова"],
    chords: transpose([F, C, G, Am], -4),
    chordSeconds: 5,
    level: 0.55,
  },
];

const hz = (note: number) => 440 * 2 ** ((note - 69) / 12);
const fixed = (value: number) => value.toFixed(4);

/**
 * `options[index]`, as ffmpeg's `if` chain: it evaluates only the branch
 * taken, so a sample costs one chord's voices, not every chord's.
 */
function choose(index: string, options: readonly string[]): string {
  return options.reduceRight(
    (otherwise, option, position) => `if(eq(${index},${position}),${option},${otherwise})`,
    "0",
  );
}

/**
 * The ffmpeg expression of one channel: at time t the chord of index
 * floor(t / chordSeconds) sounds as a pad (a slow swell and release, so
 * that changes do not click), its root an octave down as a bass, and its
 * notes an octave up, one per quarter of the chord, plucked.
 */
function songExpression(song: DemoSong): string {
  const length = song.chordSeconds;
  const step = length / 4;
  const ramp = Math.min(0.6, length / 4);
  const chordIndex = `mod(floor(t/${length}),${song.chords.length})`;
  const stepIndex = `mod(floor(t/${fixed(step)}),4)`;
  const inChord = `mod(t,${length})`;
  const inStep = `mod(t,${fixed(step)})`;
  const pad = `min(1,${inChord}/${ramp})*min(1,(${length}-${inChord})/${ramp})`;
  const pluck = `min(1,${inStep}/0.01)*exp(-4*${inStep}/${fixed(step)})`;
  const chords = song.chords.map((chord) => {
    const voices = chord.map((note) => `sin(2*PI*${fixed(hz(note))}*t)`).join("+");
    const bass = `sin(2*PI*${fixed(hz((chord[0] ?? 60) - 12))}*t)`;
    const arpeggio = [0, 1, 2, 3].map(
      (position) => `sin(2*PI*${fixed(hz((chord[position % chord.length] ?? 60) + 12))}*t)`,
    );
    return (
      `${pad}*(0.5*(${voices})/${chord.length}+0.3*${bass})` +
      `+0.25*${pluck}*${choose(stepIndex, arpeggio)}`
    );
  });
  return `${fixed(song.level)}*(${choose(chordIndex, chords)})`;
}

/** Renders a song of `seconds` as a tagged MP3 in `dir`; answers its path. */
export async function renderDemoSong(
  song: DemoSong,
  seconds: number,
  dir: string,
  name: string,
): Promise<string> {
  const file = path.join(dir, `${name}.mp3`);
  const fade = Math.min(3, seconds / 4);
  // One pass through the progression is computed (ffmpeg evaluates the
  // expression per sample, which is slow) at half the rate — the highest
  // note is below 2 kHz — and looped to the song's length.
  const rate = 22_050;
  const cycle = song.chordSeconds * song.chords.length;
  const filters = [
    // A finite count: this ffmpeg's aloop never ends when told to loop for ever.
    `aloop=loop=${Math.ceil(seconds / cycle)}:size=${Math.round(cycle * rate)}`,
    `atrim=duration=${seconds}`,
    "aresample=44100",
    `afade=t=in:d=${fade}`,
    `afade=t=out:st=${seconds - fade}:d=${fade}`,
    "aecho=0.8:0.7:60|120:0.25|0.15",
  ];
  await renderMp3(
    {
      // Commas inside an expression would end the filter: the filter graph wants them escaped.
      source: `${songExpression(song).replaceAll(",", "\\,")}:s=${rate}:d=${cycle}`,
      filters,
      tags: {
        title: song.title,
        artist: song.artist,
        album: "Фоника: демо",
        // ID3v2.3 separates several names in one frame with "/".
        composer: song.authors.join("/"),
        publisher: DEMO_PUBLISHER,
        comment: "Сгенерировано ffmpeg при npm run demo",
      },
    },
    file,
  );
  return file;
}

export interface DemoSongsOptions {
  /** How many of DEMO_SONGS (at most ten). */
  count: number;
  /** The length of each; the demo's own run gives them 45–90 s. */
  seconds: (index: number) => number;
  /** ffmpeg processes at once. */
  parallel: number;
}

/**
 * Renders the first `count` demo songs into `dir`, a few at once; answers
 * their paths in order (file names keep the order when listed by name).
 */
export async function renderDemoSongs(dir: string, options: DemoSongsOptions): Promise<string[]> {
  const songs = DEMO_SONGS.slice(0, options.count);
  const files: string[] = new Array(songs.length);
  let next = 0;
  const worker = async () => {
    while (next < songs.length) {
      const index = next++;
      const song = songs[index] as DemoSong;
      const name = `${String(index + 1).padStart(2, "0")} ${song.title}`;
      files[index] = await renderDemoSong(song, options.seconds(index), dir, name);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.parallel) }, worker));
  return files;
}
