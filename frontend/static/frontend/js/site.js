// Every page: the language select submits itself; the logout link logs out with a POST.
import { api } from "./api.js";

const lang = document.querySelector('[data-testid="language"]');
if (lang) lang.addEventListener("change", () => lang.form.submit());

const logout = document.getElementById("logout-link");
if (logout) {
  logout.addEventListener("click", async (ev) => {
    ev.preventDefault();
    try { await api("auth/logout", { method: "POST" }); } catch (e) { /* already out */ }
    window.location.href = "/";
  });
}
