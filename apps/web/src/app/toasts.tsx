import { ToastContainer } from "react-toastify";
import { useMobileLayout } from "../components/layouts/use-mobile-layout.ts";
import { TOASTS } from "../config/constants.ts";
import "./toasts.css";

/**
 * The app's toasts (SPEC.md §4: 5 s, 60% drag, newest on top). Where the
 * header holds the menu button (below 1024 px) they rise from the bottom,
 * so that they never cover the header or the button (issue 17); on a
 * computer they sit top right, below the header (toasts.css).
 */
export function AppToasts() {
  const mobile = useMobileLayout();
  return (
    <ToastContainer
      position={mobile ? TOASTS.mobilePosition : TOASTS.computerPosition}
      newestOnTop
      autoClose={TOASTS.autoCloseMs}
      limit={TOASTS.visibleLimit}
      draggablePercent={TOASTS.dragDismissPercent}
      closeButton
      pauseOnFocusLoss
    />
  );
}
