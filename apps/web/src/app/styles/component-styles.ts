// The shared components' stylesheets, each beside its component (which imports it too),
// gathered here so that they stay in the first stylesheet, ahead of every screen's: a
// screen's stylesheet that restyles a component at equal specificity must come later and
// win, whichever screen loaded first. The order is the cascade order; keep it.
import "../../components/ui/logo.css";
import "../../components/ui/icon.css";
import "../../components/ui/button.css";
import "../../components/ui/spinner.css";
import "../../components/ui/field.css";
import "../../components/ui/text-input.css";
import "../../components/ui/checkbox.css";
import "../../components/ui/page.css";
import "../../components/ui/search-box.css";
import "../../components/ui/toolbar-select.css";
import "../../components/ui/table.css";
import "../../components/ui/pagination.css";
import "../../components/ui/status-chip.css";
import "../../components/ui/empty-state.css";
import "../toasts.css";
import "../../components/ui/network-activity-bar.css";
import "../../components/ui/modal.css";
import "../../components/ui/selectable-table.css";
import "../../components/ui/image-field.css";
