import { LegalPage, type LegalSection } from '../components/common/LegalPage';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Acceptance of Terms',
    paragraphs: [
      'By creating an account or using StreamShop you agree to these Terms of Service. If you do not agree, do not use the service.',
    ],
  },
  {
    heading: 'The Service',
    paragraphs: [
      "StreamShop lets viewers buy virtual coins and spend them to trigger actions and effects in a streamer's game or livestream. Actions are delivered on a best-effort basis; the streamer decides what appears on stream.",
    ],
  },
  {
    heading: 'Accounts',
    paragraphs: [
      'You are responsible for keeping your password secret and for everything done with your account. Usernames that impersonate others or are offensive may be removed.',
    ],
  },
  {
    heading: 'Virtual Currency',
    bullets: [
      'Coins are a virtual currency with no real-world value and cannot be exchanged for money.',
      'All coin purchases are final and non-refundable, except where the law requires otherwise.',
      'Coins are not transferable between accounts.',
      'Coins spent on an action that could not be delivered are returned to your balance automatically.',
    ],
  },
  {
    heading: 'Prohibited Conduct',
    bullets: [
      'Harassing the streamer, other viewers or anyone else through actions or usernames.',
      'Abusing bugs, automating purchases or triggers, or interfering with the service.',
      'Using payment methods you are not authorised to use.',
    ],
  },
  {
    heading: 'Privacy',
    paragraphs: ['How we handle your data is described in our Privacy Policy and Cookie Policy.'],
  },
  {
    heading: 'Limitation of Liability',
    paragraphs: [
      'The service is provided as is. To the extent the law allows, we are not liable for indirect losses, stream interruptions or actions that do not appear on stream.',
    ],
  },
  {
    heading: 'Changes to These Terms',
    paragraphs: [
      'We may update these terms. Continued use of the service after a change means you accept the updated terms.',
    ],
  },
  {
    heading: 'Contact',
    paragraphs: ['Questions about these terms can be sent to the streamer through the official channels.'],
  },
];

export function TermsOfServicePage() {
  return <LegalPage title="Terms of Service" sections={SECTIONS} />;
}
