import PDFDocument from 'pdfkit';
import { AREAS, AREA_LABELS, AREA_SCORE_KEYS } from '@shared/domain/scoring';
import { scoreColor, type ScoreColor } from '@shared/domain/insights';
import { TIER_LABELS } from '@shared/domain/tiers';
import { GENDER_LABELS, type AccountExport } from '@shared/schemas/account';
import { journalText } from './csv';

/** The score bands' colours (spec part 1 §9: 95 teal, 70 green, 30 yellow, 5 orange, below red). */
const BAND: Record<ScoreColor, string> = {
  teal: '#0d9488',
  green: '#16a34a',
  yellow: '#ca8a04',
  orange: '#ea580c',
  red: '#dc2626',
};
const INK = '#111827';
const MUTED = '#4b5563';
const TRACK = '#e5e7eb';
const MARGIN = 48;

const percent = (n: number): number => Math.round(n * 100);

/**
 * The built-in PDF fonts (Helvetica) cover Latin-1 only: other characters (emoji, other scripts) would print as
 * wrong glyphs, so they become '?' here. The JSON and CSV exports keep the exact text.
 */
const pdfText = (s: string): string => s.replace(/[^\t\n\r\u0020-\u007e\u00a0-\u00ff]/gu, '?');

export interface ReportInput {
  data: AccountExport;
  /** Journals are part of the report for AI Coach users. */
  includeJournals: boolean;
  /** The date printed on the report (the user's local date). */
  date: string;
}

/** The wellness report (POST /api/user/export-wellness-data): profile, scores, chart, streak, check-ins. */
export function renderWellnessReport({ data, includeJournals, date }: ReportInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Big 7 Wellness Report ${date}`, Author: 'Big 7', Subject: 'Wellness report' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN;
  const ensureRoom = (h: number) => {
    if (doc.y + h > bottom()) doc.addPage();
  };
  const heading = (text: string) => {
    ensureRoom(40);
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(14).fillColor(INK).text(text, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
  };
  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(`${label}: `, MARGIN, doc.y, { continued: true, width });
    doc.font('Helvetica').fillColor(INK).text(pdfText(value));
  };

  const { profile, summary, streak } = data;
  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text('Big 7 Wellness Report', MARGIN, MARGIN, { width });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`Generated ${date}`, { width });

  heading('Profile');
  line('Name', [profile.firstName, profile.lastName].filter(Boolean).join(' '));
  line('Email', profile.email);
  line('Age', profile.age === null ? 'Not set' : String(profile.age));
  line('Gender', profile.gender ? GENDER_LABELS[profile.gender] : 'Not set');
  line('Plan', TIER_LABELS[data.subscription.tier]);
  line('Member since', profile.createdAt.slice(0, 10));

  heading('Overall score');
  if (summary.overallScore === null) {
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text('No check-ins yet: your scores appear after your first check-in.');
  } else {
    doc
      .font('Helvetica-Bold')
      .fontSize(28)
      .fillColor(BAND[scoreColor(summary.overallScore)])
      .text(`${summary.overallScore}%`, MARGIN, doc.y, { width });
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text(`Overall score, based on ${summary.checkInCount} check-in${summary.checkInCount === 1 ? '' : 's'}`);
  }

  heading('Scores by area');
  // A bar per area: label, a track with the score's share filled in its band colour, the percentage.
  const labelW = 80;
  const valueW = 40;
  const barW = width - labelW - valueW - 10;
  const barH = 12;
  for (const area of AREAS) {
    ensureRoom(22);
    const y = doc.y;
    const avg = summary.areaAverages[area];
    const pct = avg === null || avg === undefined ? null : percent(avg);
    doc.font('Helvetica').fontSize(10).fillColor(INK).text(AREA_LABELS[area], MARGIN, y + 1, { width: labelW });
    doc.rect(MARGIN + labelW, y, barW, barH).fill(TRACK);
    if (pct !== null && pct > 0) doc.rect(MARGIN + labelW, y, (barW * pct) / 100, barH).fill(BAND[scoreColor(pct)]);
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(pct === null ? '-' : `${pct}%`, MARGIN + labelW + barW + 10, y + 1, { width: valueW, align: 'right' });
    doc.x = MARGIN;
    doc.y = y + barH + 8;
  }

  heading('Streak');
  line('Current streak', `${streak.current.currentStreak} day${streak.current.currentStreak === 1 ? '' : 's'}`);
  line('Best streak', `${streak.current.bestStreak} day${streak.current.bestStreak === 1 ? '' : 's'}`);
  line('Level', streak.current.level.name);
  line('Shields left', String(streak.current.freezeDaysRemaining));
  const achieved = streak.current.milestones.filter((m) => m.achieved);
  line('Milestones', achieved.length ? achieved.map((m) => `${m.name} (${m.label})`).join(', ') : 'None yet');
  if (streak.current.nextMilestone) {
    const n = streak.current.nextMilestone;
    line('Next milestone', `${n.name} in ${n.daysToGo} day${n.daysToGo === 1 ? '' : 's'}`);
  }

  heading('Check-ins');
  const rows = [...data.checkIns].sort((a, b) => b.date.localeCompare(a.date));
  if (!rows.length) {
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text('No check-ins yet.');
  } else {
    const cols = ['Date', ...AREAS.map((a) => AREA_LABELS[a]), 'Score'];
    const dateW = 66;
    const cellW = (width - dateW) / (cols.length - 1);
    const xOf = (i: number) => (i === 0 ? MARGIN : MARGIN + dateW + (i - 1) * cellW);
    const wOf = (i: number) => (i === 0 ? dateW : cellW);
    const header = () => {
      ensureRoom(40);
      const y = doc.y;
      doc.rect(MARGIN, y - 2, width, 14).fill(TRACK);
      doc.font('Helvetica-Bold').fontSize(7.5).fillColor(INK);
      cols.forEach((c, i) => doc.text(c, xOf(i) + 2, y + 1, { width: wOf(i) - 4, align: i === 0 ? 'left' : 'center', lineBreak: false }));
      doc.x = MARGIN;
      doc.y = y + 16;
    };
    header();
    for (const c of rows) {
      const journal = includeJournals ? pdfText(journalText(c.journal)) : '';
      doc.font('Helvetica').fontSize(8);
      const journalH = journal ? doc.heightOfString(journal, { width: width - 12 }) + 4 : 0;
      if (doc.y + 14 + journalH > bottom()) {
        doc.addPage();
        header();
      }
      const y = doc.y;
      const values = [
        c.date,
        ...AREA_SCORE_KEYS.map((key) => c[key]).map(
          (v) => `${percent(v)}%`,
        ),
        `${percent(c.score)}%`,
      ];
      values.forEach((v, i) => {
        doc
          .font(i === values.length - 1 ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(8)
          .fillColor(INK)
          .text(v, xOf(i) + 2, y, { width: wOf(i) - 4, align: i === 0 ? 'left' : 'center', lineBreak: false });
      });
      doc.x = MARGIN;
      doc.y = y + 12;
      if (journal) {
        doc.font('Helvetica-Oblique').fontSize(8).fillColor(MUTED).text(journal, MARGIN + 8, doc.y, { width: width - 12 });
        doc.x = MARGIN;
        doc.y += 4;
      }
      doc
        .moveTo(MARGIN, doc.y - 1)
        .lineTo(MARGIN + width, doc.y - 1)
        .lineWidth(0.5)
        .strokeColor(TRACK)
        .stroke();
      doc.y += 2;
    }
  }

  doc.end();
  return done;
}
