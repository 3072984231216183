interface SkeletonProps {
  width?: string;
  height?: string;
  round?: boolean;
}

/** A grey block that holds the place of text or an image while it loads. */
export function Skeleton({ width = "100%", height = "1em", round = false }: SkeletonProps) {
  return (
    <span
      className={`skeleton${round ? " skeleton--round" : ""}`}
      style={{ width, height }}
      aria-hidden="true"
    />
  );
}
