import { Link } from 'react-router-dom';
import { SiteHeader } from '../components/SiteHeader.js';
import { DATA_SOURCES, SAMPLE } from './data-facts.js';

const count = (value: number) => value.toLocaleString('en-US');
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** Where the course's real charts come from, their licences, and what was done to them. */
export function AboutDataPage() {
  return (
    <>
      <SiteHeader>
        <Link to="/home" className="button button--ghost">
          Learning Hub
        </Link>
      </SiteHeader>
      <main className="about-data">
        <h1>About the data</h1>
        <p>
          The course tests its own rules on real markets. The lesson{' '}
          <Link to="/risk-real-charts">What Real Charts Say About Zones</Link> and the real charts
          of the Practice Portal use real 5-minute bars of US stocks and ETFs:{' '}
          {count(SAMPLE.sessions)} regular sessions of {SAMPLE.symbols} symbols,{' '}
          {count(SAMPLE.bars)} bars in all. They come from two public sources whose licences allow
          them to be shared, and they ship with the course together with those licences.
        </p>

        <h2>Sources and licences</h2>
        <div className="about-data__table-wrap">
          <table className="about-data__table">
            <thead>
              <tr>
                <th scope="col">Source</th>
                <th scope="col">By</th>
                <th scope="col">Licence</th>
                <th scope="col">What the course uses</th>
              </tr>
            </thead>
            <tbody>
              {DATA_SOURCES.map((source) => (
                <tr key={source.key}>
                  <th scope="row">
                    <a href={source.url} rel="noreferrer">
                      {source.repository}
                    </a>
                  </th>
                  <td data-label="By">{source.author}</td>
                  <td data-label="Licence">
                    <a href={source.licenceUrl} rel="noreferrer">
                      {source.licence}
                    </a>
                    <span className="about-data__notice">{source.notice}</span>
                  </td>
                  <td data-label="What the course uses">{source.what}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          The bars here are a derived work, changed from the sources as described below. The full
          licence texts travel with the data. The sources’ authors do not endorse this course.
        </p>

        <h2>What was done to the bars</h2>
        <ul>
          <li>
            Only the regular session is kept: 09:30 to 16:00 New York time (to 13:00 on the
            exchange’s early-close days). The closing auction’s minute, printed at 16:00, is folded
            into the session’s last bar, as charting platforms show it.
          </li>
          <li>
            1-minute bars are combined into 5-minute bars from 09:30: the first minute’s open, the
            highest high, the lowest low, the last minute’s close and the summed volume.
          </li>
          <li>
            A 5-minute bar in which nothing traded is written flat at the last price with no volume.
            There are {count(SAMPLE.emptyBars)} such empty bars,{' '}
            {percent(SAMPLE.emptyBars / SAMPLE.bars)} of all bars; the measurements count no zone
            whose base contains one.
          </li>
          <li>
            A session with more than {percent(SAMPLE.maxEmptyShare).replace('.0%', '%')} empty bars
            is left out, as too thin for a day trader: {count(SAMPLE.sessionsLeftOut)} sessions,
            mostly of the thinly traded 2024 names.
          </li>
          <li>
            Prices are as published (adjusted for splits); QuantConnect’s are its whole numbers
            divided by 10,000. Each file’s checksum is checked whenever the data is read.
          </li>
        </ul>

        <h2>What it can and cannot tell you</h2>
        <p>
          The sample is small and not a random draw of the market: most sessions are of a few
          high-priced stocks in 2024. Its figures are what the course’s rules did on these charts,
          with their 95% intervals; other stocks, years or timeframes may differ. That is a reason
          to test any method on data of your own before you risk money.
        </p>
      </main>
    </>
  );
}
