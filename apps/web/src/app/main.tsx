import { createRoot, hydrateRoot } from "react-dom/client";
// Toast styles first, so the app's own stylesheet overrides their variables.
import "react-toastify/ReactToastify.css";
import "./styles/base.css";
import "./styles/layout.css";
import "./styles/patterns.css";
import "./styles/component-styles.ts";
import { AppRoot } from "./app-root.tsx";
import { createQueryClient } from "./providers.tsx";
import { createAppRouter } from "./router.tsx";
import { createAppServices } from "./services.ts";

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks #root");

const services = createAppServices();
const queryClient = createQueryClient();
const router = createAppRouter();
const app = <AppRoot services={services} queryClient={queryClient} router={router} />;

// A public page comes prerendered (prerender/): its markup is what a
// visitor without a session sees, so such a visitor's app takes it over
// (hydrates). With a stored session the guard decides instead (a loader,
// then the start screen): that markup is dropped and the app renders anew.
// The page's inline script hid it meanwhile (prerender/page.ts).
const prerendered = container.firstElementChild !== null;
if (prerendered && services.session.getState().status === "signed-out") {
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
document.documentElement.style.removeProperty("visibility");
