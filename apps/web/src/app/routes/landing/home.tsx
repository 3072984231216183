import { Link, useNavigate } from "react-router";
import { Icon, type IconName } from "../../../components/ui/icon.tsx";
import { Logo } from "../../../components/ui/logo.tsx";
import { paths, pathTo } from "../../../config/paths.ts";
import { codeSentState, SignInStart } from "../../../features/auth/components/sign-in-start.tsx";
import { LeadForm } from "../../../features/leads/components/lead-form.tsx";
import { OfferedTariffCards } from "../../../features/tariffs/components/tariff-cards.tsx";
import { NEXT_PARAM } from "../../../lib/auth/return-to.ts";
import { useCurrentYear } from "../../../lib/hydration.ts";
import "./landing.css";

interface Feature {
  icon: IconName;
  title: string;
  text: string;
}

const FEATURES: readonly Feature[] = [
  {
    icon: "shield",
    title: "Лицензионная музыка",
    text: "Каталог от правообладателей с правом публичного исполнения. Музыка в заведении звучит законно, а закрывающие документы приходят каждый месяц.",
  },
  {
    icon: "calendar",
    title: "Расписание на неделю",
    text: "Для каждого плеера — свои плейлисты по дням недели и часам: утром спокойный джаз, вечером энергичный поп, в выходные — отдельная программа.",
  },
  {
    icon: "globe",
    title: "Управление из браузера",
    text: "Запустить, поставить на паузу, сменить плейлист или громкость можно из личного кабинета с компьютера или телефона — без визита в заведение.",
  },
  {
    icon: "history",
    title: "История эфира",
    text: "Каждый прозвучавший трек записывается со временем начала и окончания. Отчёт об эфире — подтверждение для проверяющих и для вас.",
  },
];

const STEPS: readonly string[] = [
  "Войдите по e-mail или номеру телефона — новый адрес сразу создаёт аккаунт — и добавьте заведение. Или оставьте заявку: менеджер подберёт тариф и оборудование.",
  "Выберите тариф и подключите веб-плеер в браузере или бокс-плеер к акустике заведения.",
  "Выберите плейлисты и расписание — музыка будет звучать сама.",
];

/** What the landing says of signing in: there is no separate sign-up (issue 28). */
const NEW_ACCOUNT_TEXT =
  "Аккаунт не нужно заводить заранее: войдите по e-mail или номеру телефона, и при первом входе с новым адресом он создастся сам.";

/**
 * «Подключить заведение»: to sign-in, and once signed in (a new address
 * makes the account) to adding a venue, for a visitor who connects by
 * themselves rather than through a manager. Where to go next is in the
 * link (sign-in.tsx reads it), so that it holds when the link is followed
 * before the app has taken the prerendered page over, or in a new tab.
 */
function ConnectVenueLink({ size }: { size: "md" | "lg" }) {
  return (
    <Link
      to={`${paths.auth}?${new URLSearchParams({ [NEXT_PARAM]: pathTo("AddClientObjects") })}`}
      className={`button button--primary button--${size}`}
    >
      Подключить заведение
    </Link>
  );
}

/**
 * The public landing page (SPEC.md §1): what Фоника offers, the lead form
 * (a manager calls back) and beside it «Подключить заведение», the path a
 * visitor takes alone: sign-in, which makes an account for a new address,
 * then a new venue. The hero starts signing in in place (issue 28): the
 * e-mail or phone and «Получить код», then the sign-in page at the code.
 */
export default function HomeScreen() {
  const navigate = useNavigate();
  const year = useCurrentYear();
  return (
    <div className="landing">
      <header className="landing__nav">
        <Link to={paths.home} aria-label="Фоника — на главную">
          <Logo />
        </Link>
        <nav className="landing__links" aria-label="Разделы страницы">
          <a href="#features">Возможности</a>
          <a href="#tariffs">Тарифы</a>
          <a href="#lead">Подключение</a>
        </nav>
        <Link to={paths.auth} className="button button--primary button--md">
          Войти
        </Link>
      </header>

      <main id="main-content">
        <section className="hero">
          <div className="hero__text">
            <p className="eyebrow">Музыкальный сервис для бизнеса</p>
            <h1 className="hero__title">
              Фоновая музыка для вашего заведения — легально и без хлопот
            </h1>
            <p className="hero__lead">
              Фоника подбирает и воспроизводит лицензионную музыку в магазинах, кафе, салонах и
              офисах. Плейлисты по расписанию, управление плеерами из браузера и отчёт о каждом
              прозвучавшем треке.
            </p>
            <SignInStart
              onCodeSent={(address) => navigate(paths.auth, { state: codeSentState(address) })}
            />
            <p className="hero__note">{NEW_ACCOUNT_TEXT}</p>
            <p className="hero__note">
              Хотите, чтобы всё подключил менеджер?{" "}
              <a href="#lead" className="link-button">
                Оставьте заявку
              </a>
            </p>
          </div>
          <div className="hero__visual" aria-hidden="true">
            <div className="hero-player">
              <div className="hero-player__cover">
                <Icon name="music" size={40} />
              </div>
              <div className="hero-player__meta">
                <span className="hero-player__title">Утренний джаз</span>
                <span className="hero-player__subtitle">Кофейня на Тверской · 09:00–12:00</span>
              </div>
              <div className="hero-player__bar">
                <span />
              </div>
              <ul className="hero-player__schedule">
                <li>
                  <span>Пн–Пт</span> 09:00 Утренний джаз
                </li>
                <li>
                  <span>Пн–Пт</span> 12:00 Лёгкий поп
                </li>
                <li>
                  <span>Сб–Вс</span> 10:00 Лаунж выходного дня
                </li>
              </ul>
            </div>
          </div>
        </section>

        <section id="features" className="landing__section" aria-labelledby="features-title">
          <h2 id="features-title" className="landing__heading">
            Что умеет Фоника
          </h2>
          <div className="feature-grid">
            {FEATURES.map((feature) => (
              <article key={feature.title} className="feature">
                <span className="feature__icon">
                  <Icon name={feature.icon} size={24} />
                </span>
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </article>
            ))}
          </div>
        </section>

        <section className="landing__section" aria-labelledby="steps-title">
          <h2 id="steps-title" className="landing__heading">
            Как подключиться
          </h2>
          <ol className="steps">
            {STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>

        <section id="tariffs" className="landing__section" aria-labelledby="tariffs-title">
          <h2 id="tariffs-title" className="landing__heading">
            Тарифы
          </h2>
          <p className="landing__subheading">
            Подписка на месяц — от одной точки до сети. Дополнительные позиции и оборудование
            менеджер подберёт под количество заведений и плееров.
          </p>
          <OfferedTariffCards requestHref="#lead" />
        </section>

        <section id="lead" className="landing__section lead-section" aria-labelledby="lead-title">
          <div>
            <h2 id="lead-title" className="landing__heading">
              Подключите музыку в своём заведении
            </h2>
            <p className="landing__subheading">
              Оставьте контакты — перезвоним, расскажем о каталоге и поможем выбрать тариф.
            </p>
            <section className="self-connect" aria-labelledby="self-connect-title">
              <h3 id="self-connect-title">Или подключитесь сами</h3>
              <p>
                {NEW_ACCOUNT_TEXT} Затем добавьте заведение, выберите тариф и откройте плеер — без
                звонка менеджеру.
              </p>
              <ConnectVenueLink size="md" />
            </section>
          </div>
          <LeadForm />
        </section>
      </main>

      <footer className="landing__footer">
        <span>© {year} Фоника — музыка для бизнеса</span>
        <nav aria-label="Документы" className="footer-links">
          <Link to={paths.offer}>Договор-оферта</Link>
          <Link to={paths.ppd}>Согласие на обработку данных</Link>
          <Link to={paths.policy}>Политика конфиденциальности</Link>
        </nav>
      </footer>
    </div>
  );
}
