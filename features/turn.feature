Feature: turn
