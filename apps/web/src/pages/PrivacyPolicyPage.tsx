import { LegalPage, type LegalSection } from '../components/common/LegalPage';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Data We Collect',
    bullets: [
      'Account data: your username, display name, profile picture link and a hashed password.',
      'Activity data: coin purchases, actions you trigger and watch-time rewards.',
      'Linked account data: your Twitch username, if you choose to link it.',
    ],
  },
  {
    heading: 'How We Share Data',
    bullets: [
      'Our payment provider (PayPal) processes your payments; we never see or store your card details.',
      "The streaming platform's API (Twitch) is queried with your linked username to reward watch time.",
      'Your username and the actions you trigger may be shown on stream, on the leaderboard and on your public profile.',
    ],
  },
  {
    heading: 'Your Rights',
    bullets: [
      'Access: you can see your profile and full transaction history in your dashboard.',
      'Deletion: you can ask for your account and its data to be deleted.',
      'Unlinking: you can unlink your Twitch account at any time from your dashboard.',
    ],
  },
  {
    heading: 'Data Retention',
    paragraphs: [
      'We keep account data while your account exists. Transaction records are kept as long as needed for accounting and legal obligations, then deleted.',
    ],
  },
  {
    heading: 'Contact',
    paragraphs: ['Privacy questions or deletion requests can be sent to the streamer through the official channels.'],
  },
];

export function PrivacyPolicyPage() {
  return <LegalPage title="Privacy Policy" sections={SECTIONS} />;
}
