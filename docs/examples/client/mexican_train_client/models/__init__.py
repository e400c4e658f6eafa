"""Contains all the data models used in inputs/outputs"""

from .account_delete_input_request import AccountDeleteInputRequest
from .account_export_response_200 import AccountExportResponse200
from .action_enum import ActionEnum
from .actor import Actor
from .adjudication_input_request import AdjudicationInputRequest
from .adjudication_output import AdjudicationOutput
from .api_error import ApiError
from .api_error_fields import ApiErrorFields
from .arena_output import ArenaOutput
from .audit_award_input_request import AuditAwardInputRequest
from .audit_game_response_200 import AuditGameResponse200
from .audit_position_response_200 import AuditPositionResponse200
from .audit_restart_round_input_request import AuditRestartRoundInputRequest
from .audit_steps_response_200 import AuditStepsResponse200
from .auth_token_obtain_input_request import AuthTokenObtainInputRequest
from .awarded import Awarded
from .battle_output import BattleOutput
from .bot_strategy_enum import BotStrategyEnum
from .category_enum import CategoryEnum
from .challenge_list_input_request import ChallengeListInputRequest
from .challenge_list_output import ChallengeListOutput
from .challenge_output import ChallengeOutput
from .channel_enum import ChannelEnum
from .chat_enum import ChatEnum
from .chat_message_output import ChatMessageOutput
from .chat_mutes import ChatMutes
from .chat_page import ChatPage
from .chat_report_input_request import ChatReportInputRequest
from .chat_report_output import ChatReportOutput
from .chat_staff_mute import ChatStaffMute
from .chat_staff_unmute import ChatStaffUnmute
from .clock_output import ClockOutput
from .clock_pause_enum import ClockPauseEnum
from .contribution_output import ContributionOutput
from .dispute_detail_output import DisputeDetailOutput
from .dispute_list_input_request import DisputeListInputRequest
from .dispute_list_status import DisputeListStatus
from .dispute_message_input_request import DisputeMessageInputRequest
from .dispute_output import DisputeOutput
from .dispute_page import DisputePage
from .entry_conditions_output import EntryConditionsOutput
from .entry_output import EntryOutput
from .entry_verdict_output import EntryVerdictOutput
from .event_data import EventData
from .event_data_train_type_1 import EventDataTrainType1
from .event_output import EventOutput
from .export_line_output import ExportLineOutput
from .fair_play_output import FairPlayOutput
from .fair_play_output_opponent import FairPlayOutputOpponent
from .fair_play_output_thresholds import FairPlayOutputThresholds
from .fairness_output import FairnessOutput
from .first_turn_enum import FirstTurnEnum
from .game_analysis_output import GameAnalysisOutput
from .game_analysis_output_player import GameAnalysisOutputPlayer
from .game_analysis_output_status_enum import GameAnalysisOutputStatusEnum
from .game_bots_input_request import GameBotsInputRequest
from .game_contribution_input_request import GameContributionInputRequest
from .game_detail_output import GameDetailOutput
from .game_join_input_request import GameJoinInputRequest
from .game_list_input_request import GameListInputRequest
from .game_output import GameOutput
from .game_page import GamePage
from .game_ratings_output import GameRatingsOutput
from .game_receipts_input_request import GameReceiptsInputRequest
from .game_receipts_output import GameReceiptsOutput
from .game_result import GameResult
from .game_state import GameState
from .game_status_enum import GameStatusEnum
from .games_list_status import GamesListStatus
from .grid_output import GridOutput
from .hand_table_enum import HandTableEnum
from .match_result import MatchResult
from .message_output import MessageOutput
from .more_time_input_request import MoreTimeInputRequest
from .move import Move
from .move_input_request import MoveInputRequest
from .move_input_request_train_type_1 import MoveInputRequestTrainType1
from .move_output import MoveOutput
from .move_train_type_1 import MoveTrainType1
from .my_arena_output import MyArenaOutput
from .my_entry_output import MyEntryOutput
from .new_owned_bot_output import NewOwnedBotOutput
from .new_token_output import NewTokenOutput
from .notification_output import NotificationOutput
from .notification_output_params import NotificationOutputParams
from .notification_page import NotificationPage
from .notification_read_input_request import NotificationReadInputRequest
from .notification_read_output import NotificationReadOutput
from .offence_kind_enum import OffenceKindEnum
from .offence_output import OffenceOutput
from .on_timeouts_enum import OnTimeoutsEnum
from .owned_bot_list_input_request import OwnedBotListInputRequest
from .owned_bot_output import OwnedBotOutput
from .owned_bot_page import OwnedBotPage
from .patched_push_subscription_detail_input_request import PatchedPushSubscriptionDetailInputRequest
from .patched_series_detail_input_request import PatchedSeriesDetailInputRequest
from .patched_team_detail_input_request import PatchedTeamDetailInputRequest
from .pause_output import PauseOutput
from .play_ban_output import PlayBanOutput
from .play_ban_status_output import PlayBanStatusOutput
from .player_profile_output import PlayerProfileOutput
from .player_profile_output_analysis import PlayerProfileOutputAnalysis
from .player_profile_output_analysis_recent import PlayerProfileOutputAnalysisRecent
from .player_profile_output_games import PlayerProfileOutputGames
from .player_rating_history_output import PlayerRatingHistoryOutput
from .player_rating_history_output_point import PlayerRatingHistoryOutputPoint
from .players_rating_history_kind import PlayersRatingHistoryKind
from .points_enum import PointsEnum
from .pool_join_input_request import PoolJoinInputRequest
from .pool_output import PoolOutput
from .post_input_request import PostInputRequest
from .push_config_output import PushConfigOutput
from .push_keys_input_request import PushKeysInputRequest
from .push_kind_enum import PushKindEnum
from .push_kind_output import PushKindOutput
from .push_subscription_list_input_request import PushSubscriptionListInputRequest
from .push_subscription_output import PushSubscriptionOutput
from .push_subscription_page import PushSubscriptionPage
from .quick_enum import QuickEnum
from .rating_change_output import RatingChangeOutput
from .rating_kind_enum import RatingKindEnum
from .rating_leaderboard_output import RatingLeaderboardOutput
from .rating_leaderboard_output_entry import RatingLeaderboardOutputEntry
from .rating_output import RatingOutput
from .ratings_leaderboard_kind import RatingsLeaderboardKind
from .receipt import Receipt
from .receipt_check_output import ReceiptCheckOutput
from .receipt_request import ReceiptRequest
from .receipt_verdict import ReceiptVerdict
from .record import Record
from .record_attestation import RecordAttestation
from .record_contribution import RecordContribution
from .record_deal import RecordDeal
from .record_fairness import RecordFairness
from .record_format_enum import RecordFormatEnum
from .record_move import RecordMove
from .record_move_train_type_1 import RecordMoveTrainType1
from .record_player import RecordPlayer
from .record_round import RecordRound
from .record_round_result import RecordRoundResult
from .refusal_output import RefusalOutput
from .resolution_input_request import ResolutionInputRequest
from .round_output import RoundOutput
from .ruleset import Ruleset
from .scoring_enum import ScoringEnum
from .seat_output import SeatOutput
from .series_list_input_request import SeriesListInputRequest
from .series_list_input_request_template import SeriesListInputRequestTemplate
from .series_output import SeriesOutput
from .session_login_input_request import SessionLoginInputRequest
from .session_login_output import SessionLoginOutput
from .socket_ticket_output import SocketTicketOutput
from .staff_action_output import StaffActionOutput
from .staff_mute_input_request import StaffMuteInputRequest
from .standings_export_output import StandingsExportOutput
from .standings_line_output import StandingsLineOutput
from .standings_output import StandingsOutput
from .state_enum import StateEnum
from .table_output import TableOutput
from .table_player_output import TablePlayerOutput
from .team_chat_page import TeamChatPage
from .team_close_input_request import TeamCloseInputRequest
from .team_detail_output import TeamDetailOutput
from .team_join_input_request import TeamJoinInputRequest
from .team_join_output import TeamJoinOutput
from .team_join_output_status_enum import TeamJoinOutputStatusEnum
from .team_list_input_request import TeamListInputRequest
from .team_member_output import TeamMemberOutput
from .team_page import TeamPage
from .team_ref_output import TeamRefOutput
from .team_request_list_output import TeamRequestListOutput
from .team_request_list_output_item import TeamRequestListOutputItem
from .team_standing_output import TeamStandingOutput
from .team_summary_output import TeamSummaryOutput
from .ticket_output import TicketOutput
from .ticket_output_status_enum import TicketOutputStatusEnum
from .tie_breaks_output import TieBreaksOutput
from .time_control import TimeControl
from .time_control_request import TimeControlRequest
from .token_list_input_request import TokenListInputRequest
from .token_list_list_output import TokenListListOutput
from .token_page import TokenPage
from .tournament_chat_page import TournamentChatPage
from .tournament_detail_output import TournamentDetailOutput
from .tournament_list_input_format_enum import TournamentListInputFormatEnum
from .tournament_list_input_request import TournamentListInputRequest
from .tournament_list_item_output import TournamentListItemOutput
from .tournament_list_status import TournamentListStatus
from .tournament_page import TournamentPage
from .tournament_series_page import TournamentSeriesPage
from .train_view import TrainView
from .train_view_train_type_1 import TrainViewTrainType1
from .turn import Turn
from .user_me_output import UserMeOutput
from .user_register_input_request import UserRegisterInputRequest
from .user_register_output import UserRegisterOutput
from .vacation_input_request import VacationInputRequest
from .vacation_output import VacationOutput
from .variants import Variants
from .variants_request import VariantsRequest
from .verdict_enum import VerdictEnum
from .view import View
from .view_open_doubles_item_type_1 import ViewOpenDoublesItemType1
from .waiting_output import WaitingOutput
from .window_output import WindowOutput

__all__ = (
    "AccountDeleteInputRequest",
    "AccountExportResponse200",
    "ActionEnum",
    "Actor",
    "AdjudicationInputRequest",
    "AdjudicationOutput",
    "ApiError",
    "ApiErrorFields",
    "ArenaOutput",
    "AuditAwardInputRequest",
    "AuditGameResponse200",
    "AuditPositionResponse200",
    "AuditRestartRoundInputRequest",
    "AuditStepsResponse200",
    "AuthTokenObtainInputRequest",
    "Awarded",
    "BattleOutput",
    "BotStrategyEnum",
    "CategoryEnum",
    "ChallengeListInputRequest",
    "ChallengeListOutput",
    "ChallengeOutput",
    "ChannelEnum",
    "ChatEnum",
    "ChatMessageOutput",
    "ChatMutes",
    "ChatPage",
    "ChatReportInputRequest",
    "ChatReportOutput",
    "ChatStaffMute",
    "ChatStaffUnmute",
    "ClockOutput",
    "ClockPauseEnum",
    "ContributionOutput",
    "DisputeDetailOutput",
    "DisputeListInputRequest",
    "DisputeListStatus",
    "DisputeMessageInputRequest",
    "DisputeOutput",
    "DisputePage",
    "EntryConditionsOutput",
    "EntryOutput",
    "EntryVerdictOutput",
    "EventData",
    "EventDataTrainType1",
    "EventOutput",
    "ExportLineOutput",
    "FairnessOutput",
    "FairPlayOutput",
    "FairPlayOutputOpponent",
    "FairPlayOutputThresholds",
    "FirstTurnEnum",
    "GameAnalysisOutput",
    "GameAnalysisOutputPlayer",
    "GameAnalysisOutputStatusEnum",
    "GameBotsInputRequest",
    "GameContributionInputRequest",
    "GameDetailOutput",
    "GameJoinInputRequest",
    "GameListInputRequest",
    "GameOutput",
    "GamePage",
    "GameRatingsOutput",
    "GameReceiptsInputRequest",
    "GameReceiptsOutput",
    "GameResult",
    "GamesListStatus",
    "GameState",
    "GameStatusEnum",
    "GridOutput",
    "HandTableEnum",
    "MatchResult",
    "MessageOutput",
    "MoreTimeInputRequest",
    "Move",
    "MoveInputRequest",
    "MoveInputRequestTrainType1",
    "MoveOutput",
    "MoveTrainType1",
    "MyArenaOutput",
    "MyEntryOutput",
    "NewOwnedBotOutput",
    "NewTokenOutput",
    "NotificationOutput",
    "NotificationOutputParams",
    "NotificationPage",
    "NotificationReadInputRequest",
    "NotificationReadOutput",
    "OffenceKindEnum",
    "OffenceOutput",
    "OnTimeoutsEnum",
    "OwnedBotListInputRequest",
    "OwnedBotOutput",
    "OwnedBotPage",
    "PatchedPushSubscriptionDetailInputRequest",
    "PatchedSeriesDetailInputRequest",
    "PatchedTeamDetailInputRequest",
    "PauseOutput",
    "PlayBanOutput",
    "PlayBanStatusOutput",
    "PlayerProfileOutput",
    "PlayerProfileOutputAnalysis",
    "PlayerProfileOutputAnalysisRecent",
    "PlayerProfileOutputGames",
    "PlayerRatingHistoryOutput",
    "PlayerRatingHistoryOutputPoint",
    "PlayersRatingHistoryKind",
    "PointsEnum",
    "PoolJoinInputRequest",
    "PoolOutput",
    "PostInputRequest",
    "PushConfigOutput",
    "PushKeysInputRequest",
    "PushKindEnum",
    "PushKindOutput",
    "PushSubscriptionListInputRequest",
    "PushSubscriptionOutput",
    "PushSubscriptionPage",
    "QuickEnum",
    "RatingChangeOutput",
    "RatingKindEnum",
    "RatingLeaderboardOutput",
    "RatingLeaderboardOutputEntry",
    "RatingOutput",
    "RatingsLeaderboardKind",
    "Receipt",
    "ReceiptCheckOutput",
    "ReceiptRequest",
    "ReceiptVerdict",
    "Record",
    "RecordAttestation",
    "RecordContribution",
    "RecordDeal",
    "RecordFairness",
    "RecordFormatEnum",
    "RecordMove",
    "RecordMoveTrainType1",
    "RecordPlayer",
    "RecordRound",
    "RecordRoundResult",
    "RefusalOutput",
    "ResolutionInputRequest",
    "RoundOutput",
    "Ruleset",
    "ScoringEnum",
    "SeatOutput",
    "SeriesListInputRequest",
    "SeriesListInputRequestTemplate",
    "SeriesOutput",
    "SessionLoginInputRequest",
    "SessionLoginOutput",
    "SocketTicketOutput",
    "StaffActionOutput",
    "StaffMuteInputRequest",
    "StandingsExportOutput",
    "StandingsLineOutput",
    "StandingsOutput",
    "StateEnum",
    "TableOutput",
    "TablePlayerOutput",
    "TeamChatPage",
    "TeamCloseInputRequest",
    "TeamDetailOutput",
    "TeamJoinInputRequest",
    "TeamJoinOutput",
    "TeamJoinOutputStatusEnum",
    "TeamListInputRequest",
    "TeamMemberOutput",
    "TeamPage",
    "TeamRefOutput",
    "TeamRequestListOutput",
    "TeamRequestListOutputItem",
    "TeamStandingOutput",
    "TeamSummaryOutput",
    "TicketOutput",
    "TicketOutputStatusEnum",
    "TieBreaksOutput",
    "TimeControl",
    "TimeControlRequest",
    "TokenListInputRequest",
    "TokenListListOutput",
    "TokenPage",
    "TournamentChatPage",
    "TournamentDetailOutput",
    "TournamentListInputFormatEnum",
    "TournamentListInputRequest",
    "TournamentListItemOutput",
    "TournamentListStatus",
    "TournamentPage",
    "TournamentSeriesPage",
    "TrainView",
    "TrainViewTrainType1",
    "Turn",
    "UserMeOutput",
    "UserRegisterInputRequest",
    "UserRegisterOutput",
    "VacationInputRequest",
    "VacationOutput",
    "Variants",
    "VariantsRequest",
    "VerdictEnum",
    "View",
    "ViewOpenDoublesItemType1",
    "WaitingOutput",
    "WindowOutput",
)
