import { ABOUT, HOME_SECTIONS } from '#domain/content/home.ts';
import { PROCESS_STEPS } from '#domain/content/shared.ts';
import { Island } from '../../islands/Island.tsx';
import { SafetyTipsCard } from '../widgets/SafetyTipsCard.tsx';
import { WithYears } from './Years.tsx';

/** Who we are (#about): the story, the numbers, our values, how a job runs, and the rotating safety tip. */
export function AboutSection() {
  const { id, heading } = HOME_SECTIONS.about;
  return (
    <section id={id} className="section section--alt" aria-labelledby="about-title">
      <div className="container">
        <div className="about__grid">
          <div>
            <span className="eyebrow">About us</span>
            <h2 id="about-title">{heading}</h2>
            {ABOUT.paragraphs.map((paragraph) => (
              <p key={paragraph} className="about__text">
                <WithYears text={paragraph} />
              </p>
            ))}
            <dl className="about__stats">
              {ABOUT.stats.map((stat) => (
                <div key={stat.label}>
                  <dt>{stat.label}</dt>
                  <dd>
                    <WithYears text={stat.value} />
                  </dd>
                </div>
              ))}
            </dl>
          </div>
          <Island name="safety-tips">
            <SafetyTipsCard />
          </Island>
        </div>
        <ul className="about__values">
          {ABOUT.values.map((value) => (
            <li key={value.title} className="card">
              <h3>{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
        <h3 className="about__process-title">How a job runs</h3>
        <ol className="process">
          {PROCESS_STEPS.map((step, index) => (
            <li key={step.title} className="process__step">
              <span className="process__number" aria-hidden="true">
                {index + 1}
              </span>
              <h4>{step.title}</h4>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
