import { useEffect, useState } from "react";
import { useInFlightRequests } from "../../lib/app-services.ts";
import "./network-activity-bar.css";

/** Calls quicker than this never show the bar, so fast screens do not flicker. */
const SHOW_AFTER_MS = 200;

/**
 * A thin bar fixed above the page while API calls are out. Fixed, so it
 * never moves the layout.
 */
export function NetworkActivityBar() {
  const inFlight = useInFlightRequests();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (inFlight === 0) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [inFlight]);

  if (!visible) return null;
  return <div className="network-activity" role="progressbar" aria-label="Загрузка данных" />;
}
