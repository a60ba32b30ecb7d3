export declare function NotFoundPage(): import('react').JSX.Element;
