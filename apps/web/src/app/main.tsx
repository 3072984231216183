import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
// Toast styles first, so the app's own stylesheet overrides their variables.
import "react-toastify/ReactToastify.css";
import "./styles/base.css";
import "./styles/layout.css";
import "./styles/patterns.css";
import "./styles/component-styles.ts";
import { AppProviders, createQueryClient } from "./providers.tsx";
import { createAppRouter } from "./router.tsx";
import { createAppServices } from "./services.ts";

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks #root");

const services = createAppServices();
const queryClient = createQueryClient();
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProviders services={services} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
