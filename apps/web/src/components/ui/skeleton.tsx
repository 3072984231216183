import "./spinner.css";

interface SkeletonProps {
  width?: string;
  height?: string;
  round?: boolean;
  /**
   * A class that sizes the block instead of `width` and `height`: no
   * `style` attribute then, which the Content-Security-Policy of a page
   * prerendered to HTML refuses (the landing's placeholders).
   */
  className?: string;
}

/** A grey block that holds the place of text or an image while it loads. */
export function Skeleton({
  width = "100%",
  height = "1em",
  round = false,
  className,
}: SkeletonProps) {
  return (
    <span
      className={["skeleton", round && "skeleton--round", className].filter(Boolean).join(" ")}
      style={className ? undefined : { width, height }}
      aria-hidden="true"
    />
  );
}

/** Rows of a `.summary` list holding the place of its terms and values while it loads. */
export function SummaryRowsSkeleton({ rows = 4 }: { rows?: number }) {
  return Array.from({ length: rows }, (_, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to tell them apart
    <div className="summary__row" key={index}>
      <dt>
        <Skeleton width="6em" />
      </dt>
      <dd>
        <Skeleton width="12em" />
      </dd>
    </div>
  ));
}
