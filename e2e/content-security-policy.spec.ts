import { expect, type Page, test } from "@playwright/test";
import { createAccount } from "./support/accounts.ts";
import { signInByEmail } from "./support/sign-in.ts";

/**
 * Everything the browser refuses under the Content-Security-Policy: the
 * console errors Chromium writes ("… violates the following Content
 * Security Policy directive …") and the page's own violation events.
 */
async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  await page.exposeFunction("reportPolicyViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportPolicyViolation(text: string): void })
        .reportPolicyViolation;
      report(`${event.effectiveDirective} refused ${event.blockedURI} at ${event.sourceFile}`);
    });
  });
  return violations;
}

test("the app runs under its Content-Security-Policy: landing, sign-in, a signed-in page and its socket", async ({
  page,
}) => {
  const violations = await watchPolicyViolations(page);
  const admin = await createAccount("role-admin", "csp-admin");

  const landing = await page.goto("/");
  expect(landing?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await expect(page.getByRole("button", { name: "Отправить заявку" })).toBeVisible();

  // The sign-in page, then a signed-in page, which opens the player socket.
  const socket = page.waitForEvent("websocket", (ws) => ws.url().includes("/api/v1/player/ws"));
  await signInByEmail(page, admin.email);
  await expect(page).toHaveURL(/\/client-base$/);
  const playerSocket = await socket;
  await playerSocket.waitForEvent("framesent");
  expect(playerSocket.isClosed()).toBe(false);

  // Toast styles come from a file now (react-toastify would inject a <style>),
  // and the app's stylesheet still overrides their variables.
  const toastVariables = await page.evaluate(() => {
    const root = getComputedStyle(document.documentElement);
    return [
      root.getPropertyValue("--toastify-color-light").trim(),
      root.getPropertyValue("--toastify-toast-width").trim(),
    ];
  });
  expect(toastVariables).toEqual(["#fff", "360px"]);

  expect(violations).toEqual([]);
});
