export declare function LandingPage(): import('react').JSX.Element;
