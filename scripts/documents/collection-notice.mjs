// The notice the intake's consent step links to (/documents/collection_notice.pdf).

/** A document is a title and blocks: h (heading), p (paragraph) or ul (a list of items). */
export const COLLECTION_NOTICE = {
  file: 'collection_notice.pdf',
  title: 'Notice of Collection of Personal Information',
  subtitle: 'Employment and training services',
  blocks: [
    {
      p: 'This centre collects personal information about you so that it can provide employment and training services to you. This notice explains what we collect, why we collect it, under what authority, who sees it, and what your rights are. Please read it before you sign the consent/release form. A staff member can go through it with you and answer any question.',
    },
    { h: 'What we collect' },
    {
      ul: [
        'Your name, date of birth, gender and contact details (address, phone number and email).',
        'Your Social Insurance Number (SIN), only when a program needs it to confirm eligibility or for reporting to its funder. You may ask why it is needed before you give it. It is stored encrypted, and staff see only its last three digits.',
        'Background information: languages you speak, marital status, number of dependents, whether you were a youth in care, whether you have a disability, your citizenship or immigration status, and your highest level of education.',
        'Whether you identify as Indigenous and, if you choose to tell us, your ancestry, nation, whether you live on or off reserve, your status number and an Indigenous language you speak.',
        'Information about the services you receive: your action plan, barriers to employment, supports, trainings, money spent on your behalf, notes of meetings and contacts, and the outcome of your plan.',
      ],
    },
    {
      p: 'Some questions must be answered to confirm that you are eligible for a program or because the program funder requires them. If you are unsure about a question, ask us before you answer: we will explain why it is asked and how the answer is used.',
    },
    { h: 'Why we collect it' },
    {
      ul: [
        'To confirm your eligibility and to plan services with you.',
        'To deliver, record and coordinate your services, including referrals you agree to.',
        'To contact you about your services.',
        'To report to the government bodies that fund our programs, as our funding agreements require, and to evaluate and improve our programs. Wherever possible these reports use statistics that do not identify you.',
      ],
    },
    { h: 'Our authority to collect it' },
    {
      p: 'We collect your personal information with your consent and for the purposes of the employment and training programs we deliver under agreements with the governments that fund them. Canadian privacy law governs how we handle it: the Personal Information Protection and Electronic Documents Act (PIPEDA) or, where it applies instead, the private-sector privacy law of your province. When we deliver a program on behalf of a government, that government\u2019s privacy legislation also applies to the information collected for it.',
    },
    { h: 'Who sees it' },
    {
      ul: [
        'Staff of this centre who work with you, and the people who administer our case-management system, each seeing only what their role requires.',
        'The government bodies that fund the program you take part in, for the purposes described above.',
        'Other organizations, such as training providers, employers or other agencies, only with your consent, unless the law requires or allows us to share it (for example, under a court order or to prevent serious harm).',
      ],
    },
    {
      p: 'We do not sell your information. Your records are kept in a secure system with access limited by role and by centre. We keep them for as long as our funding agreements and the law require, and then destroy them securely.',
    },
    { h: 'Your rights: access, correction and consent' },
    {
      ul: [
        'You may ask to see the personal information we hold about you. Ask any staff member, or write to our Privacy Officer. We will answer within 30 days.',
        'If any of it is wrong or incomplete, you may ask us to correct it. If we do not agree to a correction, we will note your request on your file.',
        'You may withdraw your consent at any time, subject to legal or contractual limits. We will explain what this means for your services; for example, we may no longer be able to provide some of them.',
      ],
    },
    { h: 'Who to contact' },
    {
      p: 'For questions, requests or concerns about your personal information, contact the centre\u2019s Privacy Officer. Their name and contact details are posted at the front desk and are available from any staff member.',
    },
    {
      p: 'If you are not satisfied with our answer, you may complain to the Office of the Privacy Commissioner of Canada (www.priv.gc.ca, 1-800-282-1376) or to the privacy commissioner of your province or territory.',
    },
    { p: 'Please keep a copy of this notice. Ask us for a printed copy at any time.' },
  ],
};
