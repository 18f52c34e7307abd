import { LegalPage, type LegalSection } from '../components/common/LegalPage';

const SECTIONS: LegalSection[] = [
  {
    heading: 'What Cookies Are',
    paragraphs: [
      'Cookies are small text files stored by your browser. We also use your browser storage for a few settings.',
    ],
  },
  {
    heading: 'Essential Cookies',
    paragraphs: [
      'An authentication cookie keeps you signed in. It is required for the service to work. Authentication cookies typically expire after 30 days of inactivity.',
    ],
  },
  {
    heading: 'Functional Cookies',
    paragraphs: ['We remember preferences such as your light or dark theme choice.'],
  },
  {
    heading: 'Analytics Cookies',
    paragraphs: [
      'If we use analytics, it is only to understand how the shop is used and to improve it, never to sell your data.',
    ],
  },
  {
    heading: 'Managing Cookies',
    paragraphs: [
      'You can delete or block cookies in your browser settings. Blocking essential cookies will sign you out and prevent you from signing in.',
    ],
  },
];

export function CookiePolicyPage() {
  return <LegalPage title="Cookie Policy" sections={SECTIONS} />;
}
