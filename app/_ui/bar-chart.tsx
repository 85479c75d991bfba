"use client";

import { useHydrated } from "./use-browser-store";
import { Bar, BarChart as RBarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

/**
 * A bar chart of counts over labelled buckets (signals per month, requests per day), on recharts.
 * It renders after mount only: the chart measures its container, and the server has no size to
 * give it. Recharts writes `style` attributes only (allowed by the pages' policy, which refuses
 * `<style>` elements without the nonce). The drawing is one image to assistive technology; a
 * visually hidden table holds the same figures for screen readers.
 */
export function BarChart(props: { data: { label: string; value: number }[]; valueName: string; height?: number; testId?: string }) {
  const mounted = useHydrated();
  const height = props.height ?? 200;
  return (
    <figure className="w-full" data-testid={props.testId}>
      <div role="img" aria-label={`${props.valueName} chart (figures in the table below)`} className="w-full" style={{ height }}>
        {mounted && (
          <ResponsiveContainer width="100%" height="100%">
            <RBarChart accessibilityLayer={false} data={props.data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
              <XAxis dataKey="label" tick={{ fontSize: 11, fill: "#475569" }} interval="preserveStartEnd" />
              <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: "#475569" }} />
              <Tooltip cursor={{ fill: "#f1f5f9" }} />
              <Bar dataKey="value" name={props.valueName} fill="#0369a1" isAnimationActive={false} />
            </RBarChart>
          </ResponsiveContainer>
        )}
      </div>
      <table className="sr-only">
        <caption>{props.valueName}</caption>
        <tbody>
          {props.data.map((d) => (
            <tr key={d.label}>
              <th scope="row">{d.label}</th>
              <td>{d.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
