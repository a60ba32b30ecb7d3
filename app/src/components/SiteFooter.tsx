import { Link } from 'react-router-dom';

export const EDUCATION_DISCLAIMER =
  'This course is for education only and is not financial advice. Trading involves risk of loss.';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>{EDUCATION_DISCLAIMER}</p>
      <p>
        <Link to="/about-data">About the data</Link>
      </p>
    </footer>
  );
}
