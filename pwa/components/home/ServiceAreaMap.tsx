import { AppLink } from '../ui/AppLink.tsx';
import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { BUSINESS } from '#domain/business.ts';
import { EQUAL_SERVICE_NOTE, SERVICE_AREA_TOWNS } from '#domain/content/areas.ts';
import { DIRECTIONS_HREF, TEL_HREF, whatsappHref } from '#domain/content/shared.ts';
import type { ClientRoutePath } from '#domain/routes.ts';
import { NEW_TAB, SOCIAL_HREF, SOCIAL_LABEL } from '../../lib/links.ts';
import { Icon } from '../ui/Icon.tsx';
import {
  BASE_POINT,
  INSET,
  INSET_BOX,
  MAP,
  MAP_TOWNS,
  SCALE_BOX,
  SCALE_KM,
  SCALE_UNITS,
  THAMES_PATH,
  TOWNS_BY_DISTANCE,
} from '#domain/widgets/service-area-map.ts';
import type { MapTown } from '#domain/widgets/service-area-map.ts';

/** Towns that have their own page. */
const TOWN_PAGES: Readonly<Record<string, ClientRoutePath>> = {
  'Staines-upon-Thames': '/electrician-staines',
  Windsor: '/electrician-windsor',
  Feltham: '/electrician-feltham',
  Hampton: '/electrician-hampton',
  Richmond: '/electrician-richmond',
};

const r = (n: number): number => Math.round(n * 10) / 10;

/**
 * The service-area map (seed point 2), drawn from the towns' coordinates: no map provider, no cookie, and
 * it works offline. The buttons under the map are the accessible way to pick a town (markers mirror them
 * for pointer users); the panel beside it announces the choice.
 */
export function ServiceAreaMap() {
  const [selected, setSelected] = useState<string | null>(null);
  const town = MAP_TOWNS.find((t) => t.name === selected) ?? null;
  const canvas = useRef<HTMLDivElement>(null);
  const drawn = useDrawWhenNear(canvas);
  return (
    <div className="area-map">
      <div className="area-map__canvas" ref={canvas}>
        {drawn ? (
          <svg
            viewBox={`0 0 ${MAP.width} ${MAP.height}`}
            width={MAP.width}
            height={MAP.height}
            role="img"
            aria-label={`Map of our service area: ${SERVICE_AREA_TOWNS.length} towns around our base in ${BUSINESS.address.town}, all within ${BUSINESS.serviceRadiusKm} km. Choose a town from the buttons below the map.`}
            className={`area-map__svg${town ? ' has-selection' : ''}`}
          >
            <defs>
              <pattern id="map-grid" width="40" height="40" patternUnits="userSpaceOnUse">
                <path d="M40 0H0V40" fill="none" stroke="#dde6ee" strokeWidth="1" />
              </pattern>
            </defs>
            <rect width={MAP.width} height={MAP.height} fill="#f3f7fa" />
            <rect width={MAP.width} height={MAP.height} fill="url(#map-grid)" />
            <path d={THAMES_PATH} fill="none" stroke="#a9cfe8" strokeWidth="9" strokeLinecap="round" strokeLinejoin="round" />
            <path d={THAMES_PATH} fill="none" stroke="#c8e1f2" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
            <text x={r(MAP.width - 150)} y={r(MAP.height - 18)} className="area-map__river">
              River Thames
            </text>
            {MAP_TOWNS.map((t) => (
              <line
                key={`l-${t.name}`}
                x1={r(BASE_POINT.x)}
                y1={r(BASE_POINT.y)}
                x2={r(t.point.x)}
                y2={r(t.point.y)}
                className={`area-map__spoke${t === town ? ' is-selected' : ''}`}
              />
            ))}
            {MAP_TOWNS.map((t) => (
              <TownMarker key={t.name} town={t} selected={t === town} onSelect={() => setSelected(t.name)} />
            ))}
            <g transform={`translate(${r(BASE_POINT.x)} ${r(BASE_POINT.y)})`} className="area-map__base" onClick={() => setSelected(null)}>
              <circle r="22" fill="#b3261e" opacity=".15" />
              <circle r="14" fill="#b3261e" stroke="#fff" strokeWidth="3" />
              <path d="M1.5-8-5.5 1.5h5L-2 9l7.5-10h-5l1.5-7z" fill="#fff" />
            </g>
            <Inset />
            <g transform={`translate(${r(SCALE_BOX.x + 8)} ${SCALE_BOX.y + 14})`} className="area-map__scale">
              <rect x="-8" y="-14" width={r(SCALE_BOX.w)} height={SCALE_BOX.h} rx="6" fill="#fff" opacity=".85" />
              <path d={`M0 6V10H${r(SCALE_UNITS)}V6`} fill="none" stroke="#4a5563" strokeWidth="2" />
              <text x={r(SCALE_UNITS / 2)} y="1" textAnchor="middle">
                {SCALE_KM} km
              </text>
            </g>
          </svg>
        ) : null}
      </div>
      <div className="area-map__panel">
        <div className="area-info" aria-live="polite" aria-atomic="true">
          {town ? <TownInfo town={town} /> : <BaseInfo />}
        </div>
        <div className="area-map__actions">
          <a className="btn btn--primary btn--small" href={TEL_HREF}>
            <Icon name="phone" size={16} />
            Call Now
          </a>
          <a className="btn btn--whatsapp btn--small" href={whatsappHref()} {...NEW_TAB}>
            <Icon name="whatsapp" size={16} />
            WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <a className="btn btn--secondary btn--small" href={DIRECTIONS_HREF} {...NEW_TAB}>
            <Icon name="directions" size={16} />
            Directions<span className="visually-hidden"> to our base (opens Google Maps in a new tab)</span>
          </a>
          {SOCIAL_HREF ? (
            <a className="btn btn--secondary btn--small" href={SOCIAL_HREF} {...NEW_TAB}>
              <Icon name="social" size={16} />
              Social page<span className="visually-hidden">: {SOCIAL_LABEL} (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      </div>
      <div className="area-map__towns">
        <h4 id="area-towns-title">Towns we cover, nearest first</h4>
        <ul aria-labelledby="area-towns-title">
          {TOWNS_BY_DISTANCE.map((t) => (
            <li key={t.name}>
              <button type="button" aria-pressed={t === town} onClick={() => setSelected(t === town ? null : t.name)}>
                <span>{t.name}</span>
                <span className="area-map__km">{t.distanceKm.toFixed(1)} km</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <p className="area-map__note">
        <Icon name="check" size={18} />
        {EQUAL_SERVICE_NOTE}
      </p>
      {/* The towns with a page of their own, linked from here too: the map's panel was the only way to them. */}
      <nav className="area-map__pages" aria-labelledby="area-pages-title">
        <h4 id="area-pages-title">Local pages</h4>
        <ul>
          {Object.entries(TOWN_PAGES).map(([name, path]) => (
            <li key={path}>
              <AppLink to={path}>Electrician in {name}</AppLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/**
 * Whether to draw the map yet: not in the prerendered page (it is a picture; the town list below carries
 * the information), but once the page is hydrated and the map's box comes within a screen or so of the
 * viewport. The box keeps the map's proportions meanwhile, so drawing it moves nothing.
 */
function useDrawWhenNear(box: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  return near;
}

function TownMarker({ town, selected, onSelect }: { town: MapTown; selected: boolean; onSelect: () => void }) {
  const { point, label } = town;
  return (
    <g className={`area-map__town${selected ? ' is-selected' : ''}${label ? '' : ' no-label'}`} onClick={onSelect}>
      <circle cx={r(point.x)} cy={r(point.y)} r="16" fill="transparent" />
      <circle cx={r(point.x)} cy={r(point.y)} r={selected ? 10 : MAP.marker} className="area-map__dot" />
      {label ? (
        <text x={r(label.x)} y={r(label.y)} textAnchor={label.anchor} className="area-map__label">
          {town.name}
        </text>
      ) : (
        <text x={r(point.x)} y={r(point.y - MAP.marker - 8)} textAnchor="middle" className="area-map__label area-map__label--hover">
          {town.name}
        </text>
      )}
    </g>
  );
}

function Inset() {
  const { size, base, radius, frame, london } = INSET;
  return (
    <g transform={`translate(${INSET_BOX.x} ${INSET_BOX.y})`} className="area-map__inset">
      <rect width={INSET_BOX.w} height={INSET_BOX.h} rx="10" fill="#fff" stroke="#c9d4e2" />
      <circle cx={r(base.x)} cy={r(base.y)} r={r(radius)} fill="#fdecea" stroke="#b3261e" strokeWidth="1.5" strokeDasharray="4 3" />
      <rect x={r(frame.x)} y={r(frame.y)} width={r(frame.w)} height={r(frame.h)} fill="none" stroke="#1d3a5f" strokeWidth="1.5" />
      <circle cx={r(london.x)} cy={r(london.y)} r="3" fill="#1d3a5f" />
      <text x={r(london.x + 5)} y={r(london.y - 5)} className="area-map__inset-text">
        London
      </text>
      <circle cx={r(base.x)} cy={r(base.y)} r="3.5" fill="#b3261e" />
      <text x={size / 2} y={size + 10} textAnchor="middle" className="area-map__inset-text">
        {BUSINESS.serviceRadiusKm} km radius
      </text>
    </g>
  );
}

function BaseInfo() {
  const a = BUSINESS.address;
  return (
    <>
      <p className="area-info__kicker">Our base</p>
      <h4>
        {a.town}, {a.county}
      </h4>
      <p>
        {a.street}, {a.town}, {a.postcode}
      </p>
      <p className="area-info__cover">
        <Icon name="check" size={18} />
        We cover {SERVICE_AREA_TOWNS.length} towns and everywhere in between, up to {BUSINESS.serviceRadiusKm} km away.
      </p>
      <p className="area-info__hint">Pick a town on the map or from the list to see how far it is.</p>
    </>
  );
}

function TownInfo({ town }: { town: MapTown }) {
  const page = TOWN_PAGES[town.name];
  return (
    <>
      <p className="area-info__kicker">Selected town</p>
      <h4>{town.name}</h4>
      <p>
        <strong>{town.distanceKm.toFixed(1)} km</strong> from our base in {BUSINESS.address.town}
      </p>
      <p className="area-info__cover">
        <Icon name="check" size={18} />
        We cover {town.name}
      </p>
      <p className="area-info__links">
        <AppLink to="/" hash="contact">
          Get a free quote in {town.name}
        </AppLink>
        {page ? <AppLink to={page}>Electricians in {town.name}</AppLink> : null}
      </p>
    </>
  );
}
