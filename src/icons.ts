// The icon set marketers may name in YAML (`icon: shield`). Only these icons are bundled;
// the block schemas take their enum from this map, so an unknown name fails validation.
import {
  Anchor, Award, Brain, Briefcase, Building2, Calendar, Car, Check, Clock, Crown, Eye, FileSearch,
  Flag, Globe, GraduationCap, HeartPulse, House, Landmark, Lock, Mail, MapPin, Medal, Phone, Plane,
  Quote, Radar, Search, Shield, ShieldCheck, Ship, Siren, Star, Target, UserCheck, Users,
  type LucideIcon,
} from 'lucide-react'
import type { IconName } from './icon-names'

// Typed against iconNames, so the list and this map cannot drift apart.
export const icons: Record<IconName, LucideIcon> = {
  anchor: Anchor, award: Award, brain: Brain, briefcase: Briefcase, building: Building2,
  calendar: Calendar, car: Car, check: Check, clock: Clock, crown: Crown, eye: Eye,
  'file-search': FileSearch, flag: Flag, globe: Globe, 'graduation-cap': GraduationCap,
  'heart-pulse': HeartPulse, house: House, landmark: Landmark, lock: Lock, mail: Mail,
  'map-pin': MapPin, medal: Medal, phone: Phone, plane: Plane, quote: Quote, radar: Radar,
  search: Search, shield: Shield, 'shield-check': ShieldCheck, ship: Ship, siren: Siren,
  star: Star, target: Target, 'user-check': UserCheck, users: Users,
}
