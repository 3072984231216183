import type { SongRating } from "@fonika/shared";
import { useState } from "react";
import { formatCount } from "../../../lib/format.ts";
import { useSetSongRating } from "../api/set-song-rating.ts";
import "./song-rating.css";

const STARS = [1, 2, 3, 4, 5] as const;
const STAR_PATH = "M12 3.2l2.7 5.5 6 .9-4.35 4.25 1.03 6-5.38-2.83-5.38 2.83 1.03-6L3.3 9.6l6-.9z";
const averageFormat = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 1 });

interface SongRatingStarsProps {
  /** The song's title, naming the stars for a screen reader. */
  title: string;
  /**
   * The song's ratings as read (`useSongRatings`); without them nothing is
   * shown: they are loading, or the caller may not rate this song.
   */
  rating: SongRating | undefined;
}

/**
 * A song's rating: five star buttons («Оценить на 4 из 5»), filled up to
 * the caller's own rating and pressed at it, and the average over everyone
 * with the number of ratings. A click rates at once; when the server
 * refuses, the rating goes back and «Не удалось задать рейтинг» is shown.
 */
export function SongRatingStars({ title, rating }: SongRatingStarsProps) {
  const setRating = useSetSongRating();
  const [pointed, setPointed] = useState<number | null>(null);
  if (!rating) return null;
  const { songId, averageRating, ratingsCount, myRating } = rating;
  const filled = pointed ?? myRating ?? 0;

  const handleRate = (value: number) => {
    // A tap is also a pointer entering: the stars show the rating, not where the finger was.
    setPointed(null);
    setRating.mutate({ songId, rating: value });
  };

  return (
    <div className="song-rating">
      <fieldset
        aria-label={`Оценка трека «${title}»`}
        className="song-rating__stars"
        onMouseLeave={() => setPointed(null)}
      >
        {STARS.map((value) => (
          <button
            key={value}
            type="button"
            className={`song-rating__star${value <= filled ? " is-filled" : ""}`}
            aria-label={`Оценить на ${value} из 5`}
            aria-pressed={myRating === value}
            title={`Оценить на ${value} из 5`}
            onMouseEnter={() => setPointed(value)}
            onClick={() => handleRate(value)}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d={STAR_PATH} />
            </svg>
          </button>
        ))}
      </fieldset>
      <span className="song-rating__summary">
        {averageRating === null ? (
          "Оценок пока нет"
        ) : (
          <>
            <span className="visually-hidden">Средняя оценка </span>
            {averageFormat.format(averageRating)} ·{" "}
            {formatCount(ratingsCount, ["оценка", "оценки", "оценок"])}
            {myRating !== null && ` · ваша ${myRating}`}
          </>
        )}
      </span>
    </div>
  );
}
